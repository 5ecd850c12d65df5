/// The default implementations of the remote-notification methods Apple
/// deprecated in iOS 10, chained as iOS chains them: an app implements only
/// the form it uses.
extension UIApplicationDelegate {
    /// Does nothing.
    @MainActor
    @available(*, deprecated, message: "Use UserNotifications Framework's UNUserNotificationCenterDelegate")
    public func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {}

    /// Calls the `async` form with the response info, then the completion handler.
    @preconcurrency
    @available(*, deprecated, message: "Use UserNotifications Framework's UNUserNotificationCenterDelegate")
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], completionHandler: @escaping @Sendable () -> Void
    ) {
        // Reached from the form with response info when the app implements
        // neither completion-handler form: that form left its response info here.
        let info = UserInfoBox(ResponseInfoHandoff.take() ?? [:])
        let payload = UserInfoBox(userInfo)
        let delegate = UncheckedDelegate(value: self)
        Task {
            await delegate.value.application(
                application, handleActionWithIdentifier: identifier, forRemoteNotification: payload.value ?? [:],
                withResponseInfo: info.value ?? [:])
            completionHandler()
        }
    }

    /// Calls ``application(_:handleActionWithIdentifier:forRemoteNotification:completionHandler:)``.
    @preconcurrency
    @available(*, deprecated, message: "Use UserNotifications Framework's UNUserNotificationCenterDelegate")
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        ResponseInfoHandoff.leave(responseInfo)
        defer { ResponseInfoHandoff.clear() }
        self.application(
            application, handleActionWithIdentifier: identifier, forRemoteNotification: userInfo,
            completionHandler: completionHandler)
    }

    /// Calls ``application(_:handleActionWithIdentifier:forRemoteNotification:)``.
    @available(*, deprecated, message: "Use UserNotifications Framework's UNUserNotificationCenterDelegate")
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any]
    ) async {
        await self.application(application, handleActionWithIdentifier: identifier, forRemoteNotification: userInfo)
    }

    /// Does nothing.
    @available(*, deprecated, message: "Use UserNotifications Framework's UNUserNotificationCenterDelegate")
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any]
    ) async {}
}
