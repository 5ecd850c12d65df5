import Foundation

/// An app's preferences, categories and badge, as the engine decides by them.
struct AppRecord {
    var preferences: AppNotificationPreferences
    var categories: [NotificationCategory]
    var badge: Int

    /// The category a delivery of `content` is made with now: the registered
    /// one it names, one without actions or options if none has its name, `nil`
    /// if it names none (``Delivery/category``).
    func category(of content: NotificationContent) -> NotificationCategory? {
        let identifier = content.categoryIdentifier
        guard !identifier.isEmpty else { return nil }
        return categories.first { $0.identifier == identifier }
            ?? NotificationCategory(identifier: identifier, actions: [])
    }

    /// The category to answer and present `delivery` by: the one it was made
    /// with, or for a delivery stored without one, the app's current category.
    func category(for delivery: Delivery) -> NotificationCategory? {
        NotificationRules.category(of: delivery, registered: categories)
    }

    /// Throws unless the app may add requests now.
    func requireAuthorization(app: AppIdentifier) throws {
        switch preferences.authorizationStatus {
        case .authorized, .provisional: return
        case .denied:
            throw NotificationError(.notificationsNotAllowed, "notifications are not allowed for \(app): the user denied them")
        case .notDetermined:
            throw NotificationError(
                .notificationsNotAllowed, "notifications are not allowed for \(app): it has not requested authorization")
        }
    }
}

extension AppRecord {
    /// A coordinated store's row: an app with none saved has the defaults.
    init(_ row: LockedAppRow) {
        self.init(
            preferences: row.preferences ?? AppNotificationPreferences(), categories: row.categories, badge: row.badge)
    }
}
