import NotificationModel

extension UIUserNotificationSettings {
    /// The engine categories, sorted by identifier.
    ///
    /// - Throws: ``NotificationError/Code/invalidCategory`` for two categories
    ///   with the same identifier; ``NotificationError/Code/invalidIdentifier``
    ///   for a category or action without one.
    func engineCategories() throws -> [NotificationCategory] {
        let mapped = try (categories ?? []).map { try $0.engineCategory() }.sorted { $0.identifier < $1.identifier }
        for (first, second) in zip(mapped, mapped.dropFirst()) where first.identifier == second.identifier {
            throw NotificationError(.invalidCategory, "two categories have the identifier \"\(first.identifier)\"")
        }
        return mapped
    }

    /// The settings an app reads back: the types the user allows and the
    /// registered categories (`nil` for none).
    convenience init(_ settings: NotificationSettings, categories: [NotificationCategory]) {
        self.init(
            types: UIUserNotificationType(settings),
            categories: categories.isEmpty ? nil : Set(categories.map(UIUserNotificationCategory.init)))
    }
}
