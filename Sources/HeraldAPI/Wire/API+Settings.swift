public import NotificationModel

extension API {
    /// The body of `POST /v1/apps/{app}/authorization`: what the app wants to use.
    public struct AuthorizationRequest: Codable, Sendable, Hashable {
        /// Any of `alert`, `sound`, `badge`.
        public var options: [String]

        /// A request for these options.
        public init(options: [String]) {
            self.options = options
        }
    }

    /// The body of `POST /v1/apps/{app}/settings/open`: the user asks for the
    /// app's own notification settings, from one of its notifications or not.
    public struct SettingsOpening: Codable, Sendable, Hashable {
        /// The delivery the user asked from, or `nil`.
        public var delivery: String?

        /// A request to open the app's settings.
        public init(delivery: String? = nil) {
            self.delivery = delivery
        }
    }

    /// The answer to an authorization request.
    public struct AuthorizationResult: Codable, Sendable, Hashable {
        /// Whether the app may post notifications.
        public var granted: Bool

        /// An answer.
        public init(granted: Bool) {
            self.granted = granted
        }
    }

    /// The app's notification settings as it reads them: Apple's `UNNotificationSettings`.
    public struct Settings: Codable, Sendable, Hashable {
        /// `notDetermined`, `denied` or `authorized`.
        public var authorizationStatus: String
        /// `none`, `banner` or `alert`.
        public var alertStyle: String
        /// Each of these is `notSupported`, `disabled` or `enabled`.
        public var alertSetting: String
        public var soundSetting: String
        public var badgeSetting: String
        public var notificationCenterSetting: String
        /// Left out by daemons older than these fields.
        public var criticalAlertSetting: String?
        public var timeSensitiveSetting: String?
        public var scheduledDeliverySetting: String?
        public var providesAppNotificationSettings: Bool?

        /// The wire form of the engine's settings.
        public init(_ settings: NotificationSettings) {
            authorizationStatus = settings.authorizationStatus.rawValue
            alertStyle = settings.alertStyle.rawValue
            alertSetting = settings.alertSetting.rawValue
            soundSetting = settings.soundSetting.rawValue
            badgeSetting = settings.badgeSetting.rawValue
            notificationCenterSetting = settings.notificationCenterSetting.rawValue
            criticalAlertSetting = settings.criticalAlertSetting.rawValue
            timeSensitiveSetting = settings.timeSensitiveSetting.rawValue
            scheduledDeliverySetting = settings.scheduledDeliverySetting.rawValue
            providesAppNotificationSettings = settings.providesAppNotificationSettings
        }
    }

    /// An app's settings as the user sets them, as in the Settings app: read with
    /// `GET` and changed with `PATCH /v1/apps/{app}/preferences` (admin only).
    /// A `PATCH` body may carry any subset of the fields.
    public struct Preferences: Codable, Sendable, Hashable {
        /// `notDetermined`, `denied` or `authorized`: the "Allow Notifications" switch.
        public var authorizationStatus: String?
        /// Any of `alert`, `sound`, `badge`: what the app was granted.
        public var grantedOptions: [String]?
        /// `none`, `banner` or `alert`.
        public var alertStyle: String?
        public var soundsEnabled: Bool?
        public var badgesEnabled: Bool?
        /// The "Time Sensitive Notifications" switch: whether they break through a Focus.
        public var timeSensitiveEnabled: Bool?
        /// The "Scheduled Summary" switch: whether notifications wait for the summary.
        public var inScheduledSummary: Bool?

        /// Preferences with these fields; `nil` fields are left alone by a `PATCH`.
        public init(
            authorizationStatus: String? = nil, grantedOptions: [String]? = nil, alertStyle: String? = nil,
            soundsEnabled: Bool? = nil, badgesEnabled: Bool? = nil, timeSensitiveEnabled: Bool? = nil,
            inScheduledSummary: Bool? = nil
        ) {
            self.authorizationStatus = authorizationStatus
            self.grantedOptions = grantedOptions
            self.alertStyle = alertStyle
            self.soundsEnabled = soundsEnabled
            self.badgesEnabled = badgesEnabled
            self.timeSensitiveEnabled = timeSensitiveEnabled
            self.inScheduledSummary = inScheduledSummary
        }

        /// The wire form of the engine's preferences, every field set.
        public init(_ preferences: AppNotificationPreferences) {
            self.init(
                authorizationStatus: preferences.authorizationStatus.rawValue,
                grantedOptions: preferences.grantedOptions.nameList, alertStyle: preferences.alertStyle.rawValue,
                soundsEnabled: preferences.soundsEnabled, badgesEnabled: preferences.badgesEnabled,
                timeSensitiveEnabled: preferences.timeSensitiveEnabled, inScheduledSummary: preferences.inScheduledSummary)
        }

        /// `preferences` with this change's fields applied.
        ///
        /// - Throws: ``NotificationError/Code/invalidPayload`` for an unknown status,
        ///   style or option, and nothing is applied.
        public func applied(to preferences: AppNotificationPreferences) throws -> AppNotificationPreferences {
            var result = preferences
            if let authorizationStatus {
                result.authorizationStatus = try Self.value(authorizationStatus, of: AuthorizationStatus.self)
            }
            if let grantedOptions {
                result.grantedOptions = try AuthorizationOptions(names: grantedOptions, refusing: .invalidPayload)
            }
            if let alertStyle {
                result.alertStyle = try Self.value(alertStyle, of: AlertStyle.self)
            }
            result.soundsEnabled = soundsEnabled ?? result.soundsEnabled
            result.badgesEnabled = badgesEnabled ?? result.badgesEnabled
            result.timeSensitiveEnabled = timeSensitiveEnabled ?? result.timeSensitiveEnabled
            result.inScheduledSummary = inScheduledSummary ?? result.inScheduledSummary
            return result
        }

        private static func value<T: RawRepresentable<String>>(_ name: String, of type: T.Type) throws -> T {
            guard let value = T(rawValue: name) else {
                throw NotificationError(.invalidPayload, "“\(name)” is not a valid \(T.self) value")
            }
            return value
        }
    }

    /// The user's answer to an app's authorization prompt (admin only).
    public struct AuthorizationAnswer: Codable, Sendable, Hashable {
        /// `true` for Allow, `false` for Don't Allow.
        public var granted: Bool

        /// An answer.
        public init(granted: Bool) {
            self.granted = granted
        }
    }

    /// An app waiting for the user's answer to its authorization request.
    public struct AuthorizationPrompt: Codable, Sendable, Hashable {
        public var app: String
        /// The app's display name, for "“Name” would like to send you notifications".
        public var name: String
        /// What it asked for: any of `alert`, `sound`, `badge`.
        public var options: [String]

        /// A prompt.
        public init(app: String, name: String, options: [String]) {
            self.app = app
            self.name = name
            self.options = options
        }
    }

    /// An app's badge number.
    public struct Badge: Codable, Sendable, Hashable {
        /// 0 clears the badge; negative numbers are refused.
        public var badge: Int

        /// A badge.
        public init(badge: Int) {
            self.badge = badge
        }
    }
}

extension AuthorizationOptions {
    /// The options named on the wire (`alert`, `sound`, `badge`).
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for an unknown name.
    public init(wireNames: [String]) throws {
        try self.init(names: wireNames, refusing: .invalidPayload)
    }

    /// The wire names of these options.
    public var wireNames: [String] { nameList }
}
