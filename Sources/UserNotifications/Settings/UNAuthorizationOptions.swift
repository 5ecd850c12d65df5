import NotificationEngine

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

    var engineOptions: AuthorizationOptions {
        var options: AuthorizationOptions = []
        if contains(.badge) { options.insert(.badge) }
        if contains(.sound) { options.insert(.sound) }
        if contains(.alert) { options.insert(.alert) }
        return options
    }
}
