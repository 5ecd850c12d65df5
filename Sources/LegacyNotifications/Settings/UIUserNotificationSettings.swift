/// What an app asks the user for: the notification types it uses and the
/// categories of actions its notifications offer.
///
/// ```swift
/// let settings = UIUserNotificationSettings(types: [.alert, .sound], categories: [shoppingCategory])
/// try await UIApplication.shared.registerUserNotificationSettings(settings)
/// ```
///
/// Immutable. ``UIApplication/currentUserNotificationSettings`` returns one with
/// the types the user allows and the registered categories.
public final class UIUserNotificationSettings: Sendable {
    /// The notification types.
    public let types: UIUserNotificationType
    /// The categories of actions, or `nil` for none.
    public let categories: Set<UIUserNotificationCategory>?

    /// Settings with these types and categories.
    public init(types: UIUserNotificationType, categories: Set<UIUserNotificationCategory>?) {
        self.types = types
        self.categories = categories
    }
}
