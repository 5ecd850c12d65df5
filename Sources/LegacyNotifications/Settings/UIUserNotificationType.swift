import NotificationModel

/// The ways an app may notify the user, asked for when it registers its
/// settings (`[.alert, .sound]`); an empty set is "none".
public struct UIUserNotificationType: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Sets the app's badge.
    public static let badge = UIUserNotificationType(rawValue: 1 << 0)
    /// Plays a sound.
    public static let sound = UIUserNotificationType(rawValue: 1 << 1)
    /// Shows an alert or banner.
    public static let alert = UIUserNotificationType(rawValue: 1 << 2)
}

extension UIUserNotificationType {
    /// The engine's authorization options for these types.
    var authorizationOptions: AuthorizationOptions {
        var options: AuthorizationOptions = []
        if contains(.badge) { options.insert(.badge) }
        if contains(.sound) { options.insert(.sound) }
        if contains(.alert) { options.insert(.alert) }
        return options
    }

    /// The types the engine's settings allow: those enabled for an authorized app.
    init(_ settings: NotificationSettings) {
        self = []
        guard settings.authorizationStatus == .authorized else { return }
        if settings.badgeSetting == .enabled { insert(.badge) }
        if settings.soundSetting == .enabled { insert(.sound) }
        if settings.alertSetting == .enabled { insert(.alert) }
    }
}
