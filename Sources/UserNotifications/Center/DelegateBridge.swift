import NotificationModel

/// The center's connection to the engine: hands what the engine asks of the app
/// to the center's current delegate.
final class DelegateBridge: NotificationAppHandler {
    private weak let center: UNUserNotificationCenter?

    init(center: UNUserNotificationCenter) {
        self.center = center
    }

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        guard let center, let delegate = center.delegate else { return completionHandler([]) }
        let call = center.delegateCalls.begin()
        delegate.userNotificationCenter(center, willPresent: UNNotification(delivery)) { options in
            call.finish { completionHandler(options.engineOptions) }
        }
    }

    func openSettings(from delivery: Delivery?) {
        guard let center, let delegate = center.delegate else { return }
        delegate.userNotificationCenter(center, openSettingsFor: delivery.map(UNNotification.init))
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        guard let center, let delegate = center.delegate else { return completionHandler() }
        let call = center.delegateCalls.begin()
        delegate.userNotificationCenter(center, didReceive: UNNotificationResponse.make(response)) {
            call.finish { completionHandler() }
        }
    }
}
