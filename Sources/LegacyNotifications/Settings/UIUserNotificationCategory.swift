import Synchronization

/// A kind of notification and the actions it offers, shaped like iOS 8's
/// `UIUserNotificationCategory`. Immutable: build categories with
/// ``UIMutableUserNotificationCategory``.
///
/// Categories are compared and hashed by identity, like the `NSObject`s they
/// copy, so a `Set` of them can hold two with the same identifier; registering
/// such a set is refused with ``NotificationError/Code/invalidCategory``.
///
/// `@unchecked Sendable` is sound: the only stored property is a `Mutex`.
public class UIUserNotificationCategory: @unchecked Sendable, Hashable {
    let state: Mutex<CategoryProperties>

    init(_ properties: CategoryProperties) {
        state = Mutex(properties)
    }

    /// The name notifications use in ``UILocalNotification/category``.
    public var identifier: String? {
        state.withLock { $0.identifier }
    }

    /// The actions shown in a context, in order, or `nil` if none were set for it.
    public func actions(for context: UIUserNotificationActionContext) -> [UIUserNotificationAction]? {
        state.withLock { $0.actions[context] }
    }

    /// Whether the two are the same object.
    public static func == (lhs: UIUserNotificationCategory, rhs: UIUserNotificationCategory) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
