import Logging
import NotificationModel

/// How a shown push and the user's answers to it reach the delegate when the
/// app has no `UNUserNotificationCenter` delegate, as on iOS 7–9: through the
/// remote-notification methods, never as a `UILocalNotification`.
extension UIApplication {
    /// The payload of a delivery that a push made (`aps` included); `nil` for a
    /// local notification.
    static func remotePayload(of delivery: Delivery) -> [String: JSONValue]? {
        delivery.request.trigger == .push ? delivery.request.content.userInfo : nil
    }

    /// Whether a payload asks for a background fetch (`aps.content-available`
    /// 1 or `true`, as the push service reads it).
    static func asksForFetch(_ payload: [String: JSONValue]) -> Bool {
        guard case .object(let aps) = payload["aps"] else { return false }
        switch aps["content-available"] {
        case .number(1), .bool(true): return true
        default: return false
        }
    }

    /// A push arrived while the app is in the foreground: the delegate's
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`
    /// gets it (whose default calls iOS 3's form), once: a push that also asks
    /// for a fetch gets there through the engine's background fetch instead.
    func receiveRemoteInForeground(_ payload: [String: JSONValue]) {
        guard !Self.asksForFetch(payload) else { return }
        Task { @MainActor in
            receiveRemote(payload) { result in
                self.logger.debug("the foreground push's fetch ended: \(result)")
            }
        }
    }

    /// The user answered a push: a tap opens the app (the launch options hold
    /// the payload when it launches the app, else the delegate's
    /// remote-notification method gets it), an action goes to
    /// `application(_:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:)`,
    /// in the background or opening the app as its category says.
    func handleRemote(
        _ response: NotificationResponse, payload: [String: JSONValue],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        switch response.kind {
        case .dismiss:
            completionHandler()
        case .default:
            guard !keepForLaunch(remote: payload) else { return completionHandler() }
            Task { @MainActor in
                opening { receiveRemote(payload) { _ in } }
                completionHandler()
            }
        case .action, .text:
            let run = { self.performRemote(response, payload: payload, completionHandler: completionHandler) }
            if opensApp(response) { opening(run) } else { run() }
        }
    }

    private func performRemote(
        _ response: NotificationResponse, payload: [String: JSONValue],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        guard let delegate else { return completionHandler() }
        DeprecatedCalls.current.handleAction(
            response.actionIdentifier, forRemoteNotification: UserInfoCoding.userInfo(from: payload),
            withResponseInfo: Self.responseInfo(of: response), in: self, of: delegate,
            completionHandler: completionHandler)
    }
}
