import NotificationEngine

extension UIApplication {
    /// Registers the app's notification types and categories: the categories
    /// replace those registered before, the user is asked once whether the app
    /// may notify (later calls return the stored answer), then the delegate's
    /// `application(_:didRegister:)` receives the resulting settings.
    ///
    /// - Throws: ``NotificationError/Code/invalidCategory`` or
    ///   ``NotificationError/Code/invalidIdentifier`` for a category the engine
    ///   cannot hold (two with one identifier, one without an identifier, a
    ///   minimal-context action that is not a default one); nothing is
    ///   registered then. Otherwise the service's error.
    public func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings) async throws {
        try await connected()
        let categories = try notificationSettings.engineCategories()
        try await service.setCategories(categories, for: appIdentifier)
        cache(categories)
        _ = try await service.requestAuthorization(
            options: notificationSettings.types.authorizationOptions, for: appIdentifier)
        let settings = try await currentUserNotificationSettings
        delegate?.application(self, didRegister: settings)
    }

    /// The types the user allows the app (empty before it registers, or if the
    /// user refused) and its registered categories. Never `nil`, unlike iOS.
    public var currentUserNotificationSettings: UIUserNotificationSettings {
        get async throws {
            try await connected()
            let settings = try await service.notificationSettings(for: appIdentifier)
            let categories = try await service.categories(for: appIdentifier)
            return UIUserNotificationSettings(settings, categories: categories)
        }
    }

    /// The number on the app's icon; `0` shows none.
    public var applicationIconBadgeNumber: Int {
        get async throws {
            try await connected()
            return try await service.badgeCount(for: appIdentifier)
        }
    }

    /// Sets the number on the app's icon; `0` clears it.
    ///
    /// - Throws: ``NotificationError/Code/badgeInputInvalid`` for a negative number.
    public func setApplicationIconBadgeNumber(_ number: Int) async throws {
        try await connected()
        try await service.setBadgeCount(number, for: appIdentifier)
    }
}
