extension UNUserNotificationCenter {
    /// Registers the app's categories, replacing those registered before.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it. A failure (a category with duplicate actions, say) is
    /// reported on ``errors`` and registers nothing; ``throwing`` has the form
    /// to await.
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        perform("setNotificationCategories") { [self] in try await setCategories(categories) }
    }

    /// The app's registered categories.
    ///
    /// Apple's form has no error channel: a failure is reported on ``errors``
    /// and the set is empty; ``throwing`` has the form that throws.
    public func notificationCategories() async -> Set<UNNotificationCategory> {
        await fetch("notificationCategories", fallback: [], fetchCategories)
    }

    /// The app's registered categories. Apple's handler has no error: a failure is
    /// reported on ``errors`` and the handler gets an empty set.
    @preconcurrency
    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        enqueue(fetchCategories) { [self] result in
            completionHandler(value(of: result, "getNotificationCategories", fallback: []))
        }
    }

    func setCategories(_ categories: Set<UNNotificationCategory>) async throws {
        let engineCategories = categories.sorted { $0.identifier < $1.identifier }.map(\.engineCategory)
        try await service.setCategories(engineCategories, for: app)
    }

    func fetchCategories() async throws -> Set<UNNotificationCategory> {
        Set(try await service.categories(for: app).map(UNNotificationCategory.init))
    }
}
