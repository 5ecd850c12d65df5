public import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// Who answers an app's authorization request.
    ///
    /// The policy answers only apps without a stored answer; an app that was
    /// authorized or denied keeps its status whatever the policy.
    public enum AuthorizationPolicy: String, Sendable, Hashable, Codable {
        /// The user decides, through a presenter's prompt (the web UI, a terminal
        /// question) answered with ``NotificationEngine/answerAuthorization(for:granted:)``.
        case ask
        /// Every app is authorized without asking, with the options it asks for:
        /// headless deployments, tests.
        case grantAll
        /// Every app is denied without asking.
        case denyAll
    }

    /// The engine's settings. Every property has a default.
    ///
    /// ```swift
    /// var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
    /// configuration.timeZone = TimeZone(identifier: "Europe/Berlin")!
    /// ```
    public struct Configuration: Sendable {
        /// Pending requests an app may have; beyond it the latest-firing are dropped,
        /// as ``NotificationService``'s `add` describes. Default 64, as iOS keeps.
        public var pendingLimitPerApp: Int
        /// Delivered notifications an app's notification center lists; when a
        /// delivery would list one more, the oldest leaves it (it is withdrawn from
        /// the presenters, as ``NotificationService/removeDeliveredNotifications(withIdentifiers:for:)``
        /// withdraws). 100 by default: Herald's choice, as iOS keeps a bounded
        /// center but documents no number.
        public var deliveredLimitPerApp: Int
        /// The most bytes of attachments an app's pending requests and delivered
        /// notifications may hold, each file counted once however many refer to
        /// it; an add beyond it is refused with ``NotificationError/Code/payloadTooLarge``.
        /// Deliveries answered with a response the app has not yet handled count
        /// until it has. 256 MiB by default.
        public var attachmentBytesPerApp: Int
        /// Who answers authorization requests; ``AuthorizationPolicy/ask`` by default.
        public var authorizationPolicy: AuthorizationPolicy
        /// The zone that calendar triggers without a time zone follow.
        ///
        /// `TimeZone.autoupdatingCurrent` by default: the engine follows the
        /// system's zone (the `TZ` variable, else `/etc/localtime`), looking at it
        /// with the clock (every ``clockCheckInterval``) and before adds, and when
        /// it changes re-dates pending floating calendar triggers as
        /// ``NotificationEngine/updateTimeZone(_:)`` does. Any other zone is kept
        /// until that method changes it.
        public var timeZone: TimeZone
        /// How long an app's completion handler may take before it is logged and
        /// treated as called, in seconds; 30 by default.
        public var handlerTimeout: TimeInterval
        /// A custom sound longer than this, in seconds, plays the default sound
        /// instead; 30 by default, as on iOS.
        public var maximumSoundDuration: TimeInterval
        /// Where the engine looks up how long a named sound is; by default an empty
        /// library, in which every named sound is unknown and plays the default sound.
        public var soundLibrary: SoundLibrary
        /// A delivery this many seconds or more after its due date is marked late
        /// (``Delivery/isLate``); 1 by default.
        public var lateTolerance: TimeInterval
        /// How many of the soonest due requests the engine keeps in memory, and the
        /// most it fires in one transaction; 1,024 by default. The rest stay in the store.
        public var dueWindowSize: Int
        /// The longest the engine sleeps before it looks at the clock again, so
        /// that a jump of the wall clock is noticed within this time; 10 seconds by default.
        public var clockCheckInterval: TimeInterval
        /// How long a delivery that left the notification center (answered or
        /// removed) is kept, so a late response to it still finds it: its
        /// attachments' bytes are not kept for it, and a delivery whose response
        /// the app has not yet had is kept until it has. Checked at start and then
        /// once a day. Seven days by default.
        public var deliveryRetention: TimeInterval
        /// The user's languages, most preferred first, in which localized texts
        /// are resolved when a notification fires. From `LANGUAGE`, `LC_ALL`,
        /// `LC_MESSAGES` and `LANG` by default (``LanguagePreference/fromEnvironment(_:)``).
        public var preferredLanguages: [String]
        /// Where apps get their device tokens when they register for remote
        /// notifications: the push service this device is registered with. `nil`
        /// by default: registering throws
        /// ``NotificationError/Code/remoteNotificationsUnavailable``.
        public var remoteNotificationRegistrar: (any RemoteNotificationRegistrar)?
        /// Reads the system's zone, when ``timeZone`` follows it; tests replace it.
        package var systemTimeZone: @Sendable () -> TimeZone

        /// A configuration with iOS's limits: 64 pending requests per app, sounds
        /// up to 30 s, completion handlers that must answer within 30 s.
        ///
        /// - Parameters:
        ///   - pendingLimitPerApp: Pending requests an app may have; 64 by default.
        ///   - authorizationPolicy: Who answers authorization requests; the user by default.
        public init(pendingLimitPerApp: Int = 64, authorizationPolicy: AuthorizationPolicy = .ask) {
            self.pendingLimitPerApp = pendingLimitPerApp
            self.authorizationPolicy = authorizationPolicy
            deliveredLimitPerApp = 100
            attachmentBytesPerApp = 256 << 20
            timeZone = .autoupdatingCurrent
            handlerTimeout = 30
            maximumSoundDuration = 30
            soundLibrary = SoundLibrary()
            lateTolerance = 1
            dueWindowSize = 1_024
            clockCheckInterval = 10
            deliveryRetention = 7 * 24 * 3_600
            preferredLanguages = LanguagePreference.fromEnvironment()
            remoteNotificationRegistrar = nil
            systemTimeZone = {
                // Foundation caches the system's zone until told to read it again.
                NSTimeZone.resetSystemTimeZone()
                return TimeZone.current
            }
        }

        /// Whether ``timeZone`` is the system's zone, followed as it changes.
        var followsSystemTimeZone: Bool {
            timeZone == .autoupdatingCurrent
        }

        /// The zone to compute fire dates in now: a fixed zone, never one that
        /// changes by itself.
        var currentTimeZone: TimeZone {
            followsSystemTimeZone ? systemTimeZone().fixed : timeZone.fixed
        }
    }
}
