import NotificationEngine

/// A kind of notification and the actions it offers. Register the app's
/// categories with ``UNUserNotificationCenter/setNotificationCategories(_:)``
/// and name one in ``UNMutableNotificationContent/categoryIdentifier``.
///
/// ```swift
/// let category = UNNotificationCategory(
///     identifier: "reminder", actions: [cancel], intentIdentifiers: [], options: [])
/// center.setNotificationCategories([category])
/// ```
///
/// An alert shows every action, a banner the first two. `intentIdentifiers` and
/// the CarPlay and announcement options mean nothing on Linux; they are stored
/// and come back from ``UNUserNotificationCenter/notificationCategories()``.
public final class UNNotificationCategory: Sendable, Hashable {
    /// The name content uses to refer to the category.
    public let identifier: String
    /// The actions, in the order they are shown.
    public let actions: [UNNotificationAction]
    /// SiriKit intents; stored, not used on Linux.
    public let intentIdentifiers: [String]
    /// How the category's notifications behave.
    public let options: UNNotificationCategoryOptions

    /// A category with its actions.
    public init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
    }

    convenience init(_ category: NotificationCategory) {
        self.init(
            identifier: category.identifier,
            actions: category.actions.map(UNNotificationAction.make),
            intentIdentifiers: category.intentIdentifiers,
            options: UNNotificationCategoryOptions(category.options))
    }

    var engineCategory: NotificationCategory {
        NotificationCategory(
            identifier: identifier, actions: actions.map(\.engineAction), options: options.engineOptions,
            intentIdentifiers: intentIdentifiers)
    }

    /// Categories are equal when every property is.
    public static func == (lhs: UNNotificationCategory, rhs: UNNotificationCategory) -> Bool {
        lhs.identifier == rhs.identifier && lhs.actions == rhs.actions
            && lhs.intentIdentifiers == rhs.intentIdentifiers && lhs.options == rhs.options
    }

    /// Hashes the properties `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(actions)
        hasher.combine(intentIdentifiers)
        hasher.combine(options)
    }
}
