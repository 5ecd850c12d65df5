/// Whether an app may post notifications.
///
/// An app starts ``notDetermined``; ``NotificationService/requestAuthorization(options:for:)``
/// settles it once. Only an ``authorized`` or ``provisional`` app may add
/// requests; the others get ``NotificationError/Code/notificationsNotAllowed``.
public enum AuthorizationStatus: String, Codable, Sendable, Hashable {
    /// The app has not asked yet.
    case notDetermined
    /// The user (or the policy) said no.
    case denied
    /// The user (or the policy) said yes.
    case authorized
    /// The app asked for ``AuthorizationOptions/provisional`` authorization and
    /// got it without the user being asked: its notifications go to the
    /// notification center quietly (no banner, sound or badge), each offering the
    /// user to keep them (``authorized``) or turn them off (``denied``).
    case provisional

    /// Whether the app's notifications are delivered: ``authorized`` or ``provisional``.
    public var allowsDelivery: Bool {
        self == .authorized || self == .provisional
    }
}

/// What an app asks to use when it requests authorization.
///
/// Only what was granted is used: without ``alert`` the app's notifications only
/// go to the notification center, without ``sound`` they are silent, and without
/// ``badge`` they leave the app's badge alone.
public struct AuthorizationOptions: OptionSet, Codable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Setting the app's badge from ``NotificationContent/badge``.
    public static let badge = AuthorizationOptions(rawValue: 1 << 0)
    /// Playing the notifications' sounds.
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    /// Showing notifications on screen, as banners or alerts.
    public static let alert = AuthorizationOptions(rawValue: 1 << 2)
    /// Notifications in CarPlay; stored, there is no CarPlay on Linux.
    public static let carPlay = AuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts, which play even when sounds are off.
    public static let criticalAlert = AuthorizationOptions(rawValue: 1 << 4)
    /// The app has its own notification settings screen.
    public static let providesAppNotificationSettings = AuthorizationOptions(rawValue: 1 << 5)
    /// Authorization without asking the user, delivering quietly (``AuthorizationStatus/provisional``).
    public static let provisional = AuthorizationOptions(rawValue: 1 << 6)
    /// Siri announcements; stored, there is no Siri on Linux.
    public static let announcement = AuthorizationOptions(rawValue: 1 << 7)
    /// Time-sensitive notifications (deprecated by Apple in iOS 15; granted with the app).
    public static let timeSensitive = AuthorizationOptions(rawValue: 1 << 8)
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
    /// The feature does not apply yet: the app's authorization is ``AuthorizationStatus/notDetermined``.
    case notSupported
    /// Off: the app is denied, did not ask for the feature, or the user turned it off.
    case disabled
    /// On: the app is authorized, was granted the feature, and the user left it on.
    case enabled
}

/// An app's notification settings, as the Settings app shows them.
///
/// Apps read them with ``NotificationService/notificationSettings(for:)``; the
/// engine derives them from the ``AppNotificationPreferences`` the user set (see
/// ``AppNotificationPreferences/settings``).
public struct NotificationSettings: Codable, Sendable, Hashable {
    /// Whether the app may post notifications.
    public var authorizationStatus: AuthorizationStatus
    /// How the app's notifications appear: ``AlertStyle/none`` unless the app is
    /// authorized with ``AuthorizationOptions/alert``.
    public var alertStyle: AlertStyle
    /// Whether notifications are shown on screen (granted ``AuthorizationOptions/alert``
    /// and an alert style other than ``AlertStyle/none``).
    public var alertSetting: NotificationSetting
    /// Whether notifications play their sounds.
    public var soundSetting: NotificationSetting
    /// Whether notifications set the app's badge.
    public var badgeSetting: NotificationSetting
    /// Whether the app's notifications are kept in the notification center: on
    /// for every authorized app.
    public var notificationCenterSetting: NotificationSetting
    /// Whether critical alerts play even when sounds are off: not supported
    /// unless the app asked for ``AuthorizationOptions/criticalAlert``.
    public var criticalAlertSetting: NotificationSetting
    /// Whether time-sensitive notifications break through a Focus and Do Not
    /// Disturb: on for an authorized app unless the user turned it off
    /// (``AppNotificationPreferences/timeSensitiveEnabled``).
    public var timeSensitiveSetting: NotificationSetting
    /// Whether the app's notifications wait for the scheduled summary
    /// (``AppNotificationPreferences/inScheduledSummary``): not supported until the
    /// app is authorized.
    public var scheduledDeliverySetting: NotificationSetting
    /// Whether the app said it has its own notification settings screen
    /// (``AuthorizationOptions/providesAppNotificationSettings``).
    public var providesAppNotificationSettings: Bool

    /// Settings with these values.
    ///
    /// - Parameters:
    ///   - authorizationStatus: Whether the app may post notifications.
    ///   - alertStyle: How its notifications appear.
    ///   - alertSetting: Whether they are shown on screen.
    ///   - soundSetting: Whether they play sounds.
    ///   - badgeSetting: Whether they set the badge.
    ///   - notificationCenterSetting: Whether they are kept in the notification center.
    public init(
        authorizationStatus: AuthorizationStatus,
        alertStyle: AlertStyle,
        alertSetting: NotificationSetting,
        soundSetting: NotificationSetting,
        badgeSetting: NotificationSetting,
        notificationCenterSetting: NotificationSetting,
        criticalAlertSetting: NotificationSetting = .notSupported,
        timeSensitiveSetting: NotificationSetting = .notSupported,
        scheduledDeliverySetting: NotificationSetting = .notSupported,
        providesAppNotificationSettings: Bool = false
    ) {
        self.authorizationStatus = authorizationStatus
        self.alertStyle = alertStyle
        self.alertSetting = alertSetting
        self.soundSetting = soundSetting
        self.badgeSetting = badgeSetting
        self.notificationCenterSetting = notificationCenterSetting
        self.criticalAlertSetting = criticalAlertSetting
        self.timeSensitiveSetting = timeSensitiveSetting
        self.scheduledDeliverySetting = scheduledDeliverySetting
        self.providesAppNotificationSettings = providesAppNotificationSettings
    }
}

/// What the user has decided for one app: the stored answer to its authorization
/// request and the choices made in Settings.
///
/// The engine stores them per app; read them with
/// ``NotificationEngine/preferences(for:)`` and change them with
/// ``NotificationEngine/updatePreferences(for:_:)``.
public struct AppNotificationPreferences: Codable, Sendable, Hashable {
    /// The answer to the app's authorization request; ``AuthorizationStatus/notDetermined``
    /// until it asks and is answered.
    public var authorizationStatus: AuthorizationStatus
    /// The options the app asked for when it was granted; empty by default and when it was denied.
    public var grantedOptions: AuthorizationOptions
    /// How the user wants the app's notifications to appear; ``AlertStyle/banner`` by default.
    public var alertStyle: AlertStyle
    /// Whether the user lets the app's notifications play sounds; `true` by default.
    public var soundsEnabled: Bool
    /// Whether the user lets the app's notifications set its badge; `true` by default.
    public var badgesEnabled: Bool
    /// Whether the user lets the app's time-sensitive notifications break through a
    /// Focus and Do Not Disturb; `true` by default.
    public var timeSensitiveEnabled: Bool
    /// Whether the user put the app in the scheduled summary: its passive and active
    /// notifications wait for the next summary time; `false` by default.
    public var inScheduledSummary: Bool
    /// Whether the person lets the app use the machine's position, which its
    /// location triggers need; not determined (off) by default.
    public var location: LocationAuthorization

    /// Preferences with these values; the defaults are those of an app that has
    /// not asked for authorization yet.
    ///
    /// - Parameters:
    ///   - authorizationStatus: The answer to the app's authorization request.
    ///   - grantedOptions: The options granted.
    ///   - alertStyle: How the app's notifications appear.
    ///   - soundsEnabled: Whether they may play sounds.
    ///   - badgesEnabled: Whether they may set the badge.
    ///   - timeSensitiveEnabled: Whether its time-sensitive notifications break through.
    ///   - inScheduledSummary: Whether its notifications wait for the scheduled summary.
    ///   - location: Whether it may use the machine's position.
    public init(
        authorizationStatus: AuthorizationStatus = .notDetermined,
        grantedOptions: AuthorizationOptions = [],
        alertStyle: AlertStyle = .banner,
        soundsEnabled: Bool = true,
        badgesEnabled: Bool = true,
        timeSensitiveEnabled: Bool = true,
        inScheduledSummary: Bool = false,
        location: LocationAuthorization = LocationAuthorization()
    ) {
        self.authorizationStatus = authorizationStatus
        self.grantedOptions = grantedOptions
        self.alertStyle = alertStyle
        self.soundsEnabled = soundsEnabled
        self.badgesEnabled = badgesEnabled
        self.timeSensitiveEnabled = timeSensitiveEnabled
        self.inScheduledSummary = inScheduledSummary
        self.location = location
    }

    private enum CodingKeys: String, CodingKey {
        case authorizationStatus, grantedOptions, alertStyle, soundsEnabled, badgesEnabled, timeSensitiveEnabled
        case inScheduledSummary, location
    }

    /// Decodes preferences, with the defaults for the fields stores written before
    /// them lack.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            authorizationStatus: try container.decode(AuthorizationStatus.self, forKey: .authorizationStatus),
            grantedOptions: try container.decode(AuthorizationOptions.self, forKey: .grantedOptions),
            alertStyle: try container.decode(AlertStyle.self, forKey: .alertStyle),
            soundsEnabled: try container.decode(Bool.self, forKey: .soundsEnabled),
            badgesEnabled: try container.decode(Bool.self, forKey: .badgesEnabled),
            timeSensitiveEnabled: try container.decodeIfPresent(Bool.self, forKey: .timeSensitiveEnabled) ?? true,
            inScheduledSummary: try container.decodeIfPresent(Bool.self, forKey: .inScheduledSummary) ?? false,
            location: try container.decodeIfPresent(LocationAuthorization.self, forKey: .location)
                ?? LocationAuthorization())
    }

    /// The settings an app reads back: what its notifications may use, given its
    /// authorization, the options granted and the user's choices.
    public var settings: NotificationSettings {
        let authorized = authorizationStatus == .authorized
        func setting(_ option: AuthorizationOptions, _ enabled: Bool) -> NotificationSetting {
            switch authorizationStatus {
            case .authorized: grantedOptions.contains(option) && enabled ? .enabled : .disabled
            case .denied, .provisional: .disabled
            case .notDetermined: .notSupported
            }
        }
        /// A kind of notification the app must ask for: not supported unless it did.
        func requested(_ option: AuthorizationOptions) -> NotificationSetting {
            guard grantedOptions.contains(option) || authorizationStatus == .denied else { return .notSupported }
            return authorized && grantedOptions.contains(option) ? .enabled : .disabled
        }
        return NotificationSettings(
            authorizationStatus: authorizationStatus,
            alertStyle: authorized && grantedOptions.contains(.alert) ? alertStyle : .none,
            alertSetting: setting(.alert, alertStyle != .none),
            soundSetting: setting(.sound, soundsEnabled),
            badgeSetting: setting(.badge, badgesEnabled),
            notificationCenterSetting: authorizationStatus.allowsDelivery ? .enabled : setting(.alert, false),
            criticalAlertSetting: requested(.criticalAlert),
            timeSensitiveSetting: authorized ? (timeSensitiveEnabled ? .enabled : .disabled) : setting(.alert, false),
            scheduledDeliverySetting: authorizationStatus.allowsDelivery
                ? (inScheduledSummary ? .enabled : .disabled) : setting(.alert, false),
            providesAppNotificationSettings: grantedOptions.contains(.providesAppNotificationSettings)
        )
    }
}
