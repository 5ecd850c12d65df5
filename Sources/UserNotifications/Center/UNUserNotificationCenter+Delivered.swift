extension UNUserNotificationCenter {
    /// The app's notifications in the notification center, oldest first.
    public func deliveredNotifications() async throws -> [UNNotification] {
        try await enqueue(fetchDelivered).value
    }

    /// The app's notifications in the notification center, oldest first. Apple's
    /// handler has no error: a failure is logged and the handler gets an empty list.
    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        enqueue(fetchDelivered) { [self] result in
            completionHandler(value(of: result, "getDeliveredNotifications", fallback: []))
        }
    }

    /// Removes the app's delivered notifications whose requests have these identifiers.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it; await the returned task to know it is done or why it failed.
    @discardableResult
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) -> Task<Void, any Error> {
        enqueueLogged("removeDeliveredNotifications") { [self] in
            try await service.removeDeliveredNotifications(withIdentifiers: identifiers, for: app)
        }
    }

    /// Removes all the app's delivered notifications.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it; await the returned task to know it is done or why it failed.
    @discardableResult
    public func removeAllDeliveredNotifications() -> Task<Void, any Error> {
        enqueueLogged("removeAllDeliveredNotifications") { [self] in
            try await service.removeAllDeliveredNotifications(for: app)
        }
    }

    private func fetchDelivered() async throws -> [UNNotification] {
        try await service.deliveredNotifications(for: app).map(UNNotification.init)
    }
}
