/// Whether an app may post notifications.
public enum AuthorizationStatus: String, Codable, Sendable, Hashable {
    /// The app has not asked yet.
    case notDetermined
    /// The user (or the policy) said no.
    case denied
    /// The user (or the policy) said yes.
    case authorized
}

/// What an app asks to use when it requests authorization.
public struct AuthorizationOptions: OptionSet, Codable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let badge = AuthorizationOptions(rawValue: 1 << 0)
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    public static let alert = AuthorizationOptions(rawValue: 1 << 2)
}

/// How an app's notifications appear when it is not in the foreground.
public enum AlertStyle: String, Codable, Sendable, Hashable, CaseIterable {
    /// Not shown; they still go to the notification center.
    case none
    /// Shown briefly, then gone to the notification center.
    case banner
    /// Shown until the user acts on them.
    case alert
}

/// Whether one notification feature is on for an app.
public enum NotificationSetting: String, Codable, Sendable, Hashable {
    case notSupported
    case disabled
    case enabled
}

/// An app's notification settings, as the Settings app shows them.
public struct NotificationSettings: Codable, Sendable, Hashable {
    public var authorizationStatus: AuthorizationStatus
    public var alertStyle: AlertStyle
    public var alertSetting: NotificationSetting
    public var soundSetting: NotificationSetting
    public var badgeSetting: NotificationSetting
    public var notificationCenterSetting: NotificationSetting

    public init(
        authorizationStatus: AuthorizationStatus,
        alertStyle: AlertStyle,
        alertSetting: NotificationSetting,
        soundSetting: NotificationSetting,
        badgeSetting: NotificationSetting,
        notificationCenterSetting: NotificationSetting
    ) {
        self.authorizationStatus = authorizationStatus
        self.alertStyle = alertStyle
        self.alertSetting = alertSetting
        self.soundSetting = soundSetting
        self.badgeSetting = badgeSetting
        self.notificationCenterSetting = notificationCenterSetting
    }
}

/// What the user has decided for one app: the stored answer to its authorization
/// request and the choices made in Settings.
public struct AppNotificationPreferences: Codable, Sendable, Hashable {
    public var authorizationStatus: AuthorizationStatus
    /// The options the app asked for when it was granted.
    public var grantedOptions: AuthorizationOptions
    public var alertStyle: AlertStyle
    public var soundsEnabled: Bool
    public var badgesEnabled: Bool

    public init(
        authorizationStatus: AuthorizationStatus = .notDetermined,
        grantedOptions: AuthorizationOptions = [],
        alertStyle: AlertStyle = .banner,
        soundsEnabled: Bool = true,
        badgesEnabled: Bool = true
    ) {
        self.authorizationStatus = authorizationStatus
        self.grantedOptions = grantedOptions
        self.alertStyle = alertStyle
        self.soundsEnabled = soundsEnabled
        self.badgesEnabled = badgesEnabled
    }

    /// The settings an app reads back.
    public var settings: NotificationSettings {
        let authorized = authorizationStatus == .authorized
        func setting(_ option: AuthorizationOptions, _ enabled: Bool) -> NotificationSetting {
            guard authorized else { return authorizationStatus == .denied ? .disabled : .notSupported }
            return grantedOptions.contains(option) && enabled ? .enabled : .disabled
        }
        return NotificationSettings(
            authorizationStatus: authorizationStatus,
            alertStyle: authorized && grantedOptions.contains(.alert) ? alertStyle : .none,
            alertSetting: setting(.alert, alertStyle != .none),
            soundSetting: setting(.sound, soundsEnabled),
            badgeSetting: setting(.badge, badgesEnabled),
            notificationCenterSetting: authorized ? .enabled : setting(.alert, false)
        )
    }
}
