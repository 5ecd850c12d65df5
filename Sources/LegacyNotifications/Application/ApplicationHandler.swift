import NotificationModel

/// The app's side of the service for a ``UIApplication``: it forwards
/// deliveries and responses to the application, which calls its delegate.
/// Holds the application weakly: the service keeps the handler until the
/// application goes away and disposes of its connection.
final class ApplicationHandler: NotificationAppHandler {
    private weak let application: UIApplication?

    init(application: UIApplication) {
        self.application = application
    }

    /// `UIApplication`'s face of the app: it receives background pushes, and
    /// notifications only while no `UNUserNotificationCenter` delegate is
    /// connected, as on iOS 10 and later.
    var role: AppHandlerRole { .application }

    /// iOS 8 never shows a notification to an app in the foreground: the
    /// delegate gets it and nothing is presented.
    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        application?.receiveInForeground(delivery)
        completionHandler([])
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        guard let application else { return completionHandler() }
        application.handle(response, completionHandler: completionHandler)
    }

    func didReceiveRemoteNotification(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        guard let application else { return completionHandler(.noData) }
        Task { @MainActor in
            application.receiveRemote(userInfo) { completionHandler($0.engineValue) }
        }
    }
}
