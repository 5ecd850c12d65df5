import NotificationModel

/// How an action runs, with Apple's raw values.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
    /// The raw value, Apple's bit or number.
    public let rawValue: UInt

    /// The value with this raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The action needs an authenticated (unlocked) user.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// The action destroys data and is shown as such.
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// The action brings the app to the foreground; without it the app handles it in the background.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)

    init(_ options: NotificationAction.Options) {
        self = []
        if options.contains(.authenticationRequired) { insert(.authenticationRequired) }
        if options.contains(.destructive) { insert(.destructive) }
        if options.contains(.foreground) { insert(.foreground) }
    }

    var engineOptions: NotificationAction.Options {
        var options: NotificationAction.Options = []
        if contains(.authenticationRequired) { options.insert(.authenticationRequired) }
        if contains(.destructive) { options.insert(.destructive) }
        if contains(.foreground) { options.insert(.foreground) }
        return options
    }
}
