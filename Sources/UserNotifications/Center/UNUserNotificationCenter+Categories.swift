extension UNUserNotificationCenter {
    /// Registers the app's categories, replacing those registered before.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it. A failure (a category with duplicate actions, say) is logged
    /// and thrown from the returned task: `try await center.setNotificationCategories(…).value`.
    @discardableResult
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) -> Task<Void, any Error> {
        let engineCategories = categories.sorted { $0.identifier < $1.identifier }.map(\.engineCategory)
        return enqueueLogged("setNotificationCategories") { [self] in
            try await service.setCategories(engineCategories, for: app)
        }
    }

    /// The app's registered categories.
    public func notificationCategories() async throws -> Set<UNNotificationCategory> {
        try await enqueue(fetchCategories).value
    }

    /// The app's registered categories. Apple's handler has no error: a failure is
    /// logged and the handler gets an empty set.
    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        enqueue(fetchCategories) { [self] result in
            completionHandler(value(of: result, "getNotificationCategories", fallback: []))
        }
    }

    private func fetchCategories() async throws -> Set<UNNotificationCategory> {
        Set(try await service.categories(for: app).map(UNNotificationCategory.init))
    }
}
