import NotificationModel

/// What an app asks permission for in
/// ``UNUserNotificationCenter/requestAuthorization(options:)``.
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
    /// The raw value, Apple's bit or number.
    public let rawValue: UInt

    /// The value with this raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Setting the app's badge.
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    /// Playing sounds.
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    /// Showing alerts and banners.
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    /// Showing notifications in CarPlay; stored, there is no CarPlay on Linux.
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts, which play even when sounds are off.
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    /// The app has its own notification settings screen.
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    /// Granted at once without asking the user: notifications go to the
    /// notification center quietly, each offering the user to keep or turn them off.
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
    /// Siri announcements; stored, there is no Siri on Linux.
    public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)
    /// Time-sensitive notifications (deprecated by Apple in iOS 15, which grants them with the app).
    public static let timeSensitive = UNAuthorizationOptions(rawValue: 1 << 8)

    /// The engine's options: the same bits, Apple's, for the options Herald knows.
    var engineOptions: AuthorizationOptions {
        AuthorizationOptions(rawValue: Int(rawValue & 0x1FF))
    }
}
