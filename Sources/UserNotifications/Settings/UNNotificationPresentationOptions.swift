import NotificationModel

/// How a notification that arrives while the app is in the foreground is shown:
/// the answer of the delegate's `userNotificationCenter(_:willPresent:)`.
/// No options means it is not shown at all.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
    /// The raw value, Apple's bit or number.
    public let rawValue: UInt

    /// The value with this raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Set the app's badge from the notification.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    /// Play the notification's sound.
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// Show it on screen and keep it in the notification center (Apple deprecated it
    /// for `[.banner, .list]` in iOS 14; it still works).
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    /// Keep it in the notification center.
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// Show it as a banner.
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

    var engineOptions: PresentationOptions {
        let pairs: [(UNNotificationPresentationOptions, PresentationOptions)] = [
            (.badge, .badge), (.sound, .sound), (.alert, .alert), (.list, .list), (.banner, .banner),
        ]
        return PresentationOptions(pairs.filter { contains($0.0) }.map(\.1))
    }
}
