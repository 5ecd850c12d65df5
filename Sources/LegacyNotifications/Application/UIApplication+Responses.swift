import NotificationModel
import Synchronization

/// How deliveries and responses reach the delegate, as on iOS 8 and 9.
extension UIApplication {
    /// A notification arrived while the app is in the foreground.
    func receiveInForeground(_ delivery: Delivery) {
        if let payload = Self.remotePayload(of: delivery) { return receiveRemoteInForeground(payload) }
        let notification = UILocalNotification(request: delivery.request, fireDate: delivery.scheduledDate)
        delegate?.application(self, didReceive: notification)
    }

    /// The user answered a notification: a tap opens the app, an action runs in
    /// the background or opens the app as its category says, a dismissal (sent
    /// only for categories that ask for it, which iOS 8 ones cannot) is ignored.
    func handle(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        let delivery = response.delivery
        if let payload = Self.remotePayload(of: delivery) {
            return handleRemote(response, payload: payload, completionHandler: completionHandler)
        }
        let notification = UILocalNotification(request: delivery.request, fireDate: delivery.scheduledDate)
        switch response.kind {
        case .dismiss:
            completionHandler()
        case .default:
            if !keepForLaunch(notification) {
                opening { delegate?.application(self, didReceive: notification) }
            }
            completionHandler()
        case .action, .text:
            let run = { self.perform(response, on: notification, completionHandler: completionHandler) }
            if opensApp(response) { opening(run) } else { run() }
        }
    }

    private func perform(
        _ response: NotificationResponse, on notification: UILocalNotification,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        guard let delegate else { return completionHandler() }
        delegate.application(
            self, handleActionWithIdentifier: response.actionIdentifier, for: notification,
            withResponseInfo: Self.responseInfo(of: response), completionHandler: completionHandler)
    }

    /// The response info of an action: the typed text of a text-input action.
    static func responseInfo(of response: NotificationResponse) -> [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [:]
        if let text = response.userText {
            info[UIUserNotificationActionResponseTypedTextKey] = text
        }
        return info
    }

    func opensApp(_ response: NotificationResponse) -> Bool {
        let categoryIdentifier = response.delivery.request.content.categoryIdentifier
        let category = runtime.withLock { $0.categories[categoryIdentifier] }
        return category?.action(withIdentifier: response.actionIdentifier)?.options.contains(.foreground) ?? false
    }
}
