public import Foundation
import NotificationModel

/// What an app asks the user for: the notification types it uses and the
/// categories of actions its notifications offer.
///
/// ```swift
/// let settings = UIUserNotificationSettings(types: [.alert, .sound], categories: [shoppingCategory])
/// try await UIApplication.shared.registerUserNotificationSettings(settings)
/// ```
///
/// Immutable. ``UIApplication/currentUserNotificationSettings`` returns one with
/// the types the user allows and the registered categories. An `NSObject`, as
/// UIKit's: equal (`isEqual(_:)`, `==`) to settings with the same types and
/// categories (categories themselves compare by identity, as on iOS).
public final class UIUserNotificationSettings: NSObject, Sendable {
    /// The notification types.
    public let types: UIUserNotificationType
    /// The categories of actions, or `nil` for none.
    public let categories: Set<UIUserNotificationCategory>?

    /// Settings with these types and categories.
    public init(types: UIUserNotificationType, categories: Set<UIUserNotificationCategory>?) {
        self.types = types
        self.categories = categories
        super.init()
    }

    /// Whether `object` is settings with the same types and categories.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIUserNotificationSettings else { return false }
        return other.types == types && other.categories == categories
    }

    /// The types' hash.
    public override var hash: Int { Int(bitPattern: types.rawValue) }

    /// `<UIUserNotificationSettings: 0x…; types: …, categories: …>`.
    public override var description: String {
        ObjectDescription.of(self, ["types": types.rawValue, "categories": categories.map { Array($0) }])
    }
}
