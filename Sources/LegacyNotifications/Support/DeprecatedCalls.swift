/// Herald's own calls of the delegate methods Apple deprecated. A call of a
/// deprecated method warns unless it is made from a deprecated declaration, and
/// the code that routes a push is not deprecated; so the calls are made by
/// deprecated witnesses of this protocol's requirements, reached through the
/// protocol, and the app still gets Apple's warnings where it uses the methods.
protocol DeprecatedCalling: Sendable {
    /// The delegate's iOS 3 `application(_:didReceiveRemoteNotification:)`.
    @MainActor
    func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any], in application: UIApplication, of delegate: any UIApplicationDelegate)

    /// The delegate's iOS 9
    /// `application(_:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:)`.
    func handleAction(
        _ identifier: String?, forRemoteNotification userInfo: [AnyHashable: Any],
        withResponseInfo responseInfo: [AnyHashable: Any], in application: UIApplication,
        of delegate: any UIApplicationDelegate, completionHandler: @escaping @Sendable () -> Void)
}

/// The calls, through ``DeprecatedCalling``.
enum DeprecatedCalls {
    static var current: any DeprecatedCalling { Calls() }

    private struct Calls: DeprecatedCalling {
        @MainActor
        @available(*, deprecated, message: "calls a delegate method Apple deprecated")
        func didReceiveRemoteNotification(
            _ userInfo: [AnyHashable: Any], in application: UIApplication, of delegate: any UIApplicationDelegate
        ) {
            delegate.application(application, didReceiveRemoteNotification: userInfo)
        }

        @available(*, deprecated, message: "calls a delegate method Apple deprecated")
        func handleAction(
            _ identifier: String?, forRemoteNotification userInfo: [AnyHashable: Any],
            withResponseInfo responseInfo: [AnyHashable: Any], in application: UIApplication,
            of delegate: any UIApplicationDelegate, completionHandler: @escaping @Sendable () -> Void
        ) {
            delegate.application(
                application, handleActionWithIdentifier: identifier, forRemoteNotification: userInfo,
                withResponseInfo: responseInfo, completionHandler: completionHandler)
        }
    }
}
