extension UNUserNotificationCenter {
    /// The app's notifications in the notification center, oldest first.
    ///
    /// Apple's form has no error channel: a failure is reported on ``errors``
    /// and the list is empty; ``throwing`` has the form that throws.
    public func deliveredNotifications() async -> [UNNotification] {
        await fetch("deliveredNotifications", fallback: [], fetchDelivered)
    }

    /// The app's notifications in the notification center, oldest first. Apple's
    /// handler has no error: a failure is reported on ``errors`` and the handler
    /// gets an empty list.
    @preconcurrency
    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        enqueue(fetchDelivered) { [self] result in
            completionHandler(value(of: result, "getDeliveredNotifications", fallback: []))
        }
    }

    /// Removes the app's delivered notifications whose requests have these identifiers.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it. A failure is reported on ``errors``; ``throwing`` has the
    /// form to await.
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        perform("removeDeliveredNotifications") { [self] in try await removeDelivered(identifiers) }
    }

    /// Removes all the app's delivered notifications.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it. A failure is reported on ``errors``; ``throwing`` has the
    /// form to await.
    public func removeAllDeliveredNotifications() {
        perform("removeAllDeliveredNotifications") { [self] in try await removeAllDelivered() }
    }

    func removeDelivered(_ identifiers: [String]) async throws {
        try await service.removeDeliveredNotifications(withIdentifiers: identifiers, for: app)
    }

    func removeAllDelivered() async throws {
        try await service.removeAllDeliveredNotifications(for: app)
    }

    func fetchDelivered() async throws -> [UNNotification] {
        try await service.deliveredNotifications(for: app).map(UNNotification.init)
    }
}
