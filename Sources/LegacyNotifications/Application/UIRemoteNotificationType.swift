/// The ways a remote notification may get the user's attention, as iOS 3–7
/// apps asked for them with
/// ``UIApplication/registerForRemoteNotifications(matching:)``; an empty set is
/// "none". Deprecated, as Apple deprecated it in iOS 8: use
/// ``UIUserNotificationSettings`` (or `UNAuthorizationOptions`) for what is
/// shown and ``UIApplication/registerForRemoteNotifications()`` for the token.
@available(
    *, deprecated,
    message:
        "Use UserNotifications Framework's UNAuthorizationOptions for user notifications and registerForRemoteNotifications for receiving remote notifications instead."
)
public struct UIRemoteNotificationType: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Sets the app's badge.
    public static let badge = UIRemoteNotificationType(rawValue: 1 << 0)
    /// Plays a sound.
    public static let sound = UIRemoteNotificationType(rawValue: 1 << 1)
    /// Shows an alert or banner.
    public static let alert = UIRemoteNotificationType(rawValue: 1 << 2)
    /// Starts a Newsstand issue's download: on iOS 5–7 a push with
    /// `content-available` woke such apps. Herald wakes any running app for a
    /// background push, so this type asks the user nothing.
    public static let newsstandContentAvailability = UIRemoteNotificationType(rawValue: 1 << 3)
}

@available(*, deprecated, message: "UIRemoteNotificationType is deprecated")
extension UIRemoteNotificationType {
    /// The user-facing types of these: those ``UIUserNotificationType`` has.
    var userNotificationTypes: UIUserNotificationType {
        UIUserNotificationType(rawValue: rawValue).intersection([.alert, .badge, .sound])
    }
}
