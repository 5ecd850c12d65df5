public import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// Who answers an app's authorization request.
    public enum AuthorizationPolicy: String, Sendable, Hashable, Codable {
        /// The user decides, through a presenter's prompt (the web UI, a terminal
        /// question) answered with ``NotificationEngine/answerAuthorization(for:granted:)``.
        case ask
        /// Every app is authorized without asking: headless deployments, tests.
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
        /// Pending requests an app may have; beyond it the latest-firing are dropped. iOS keeps 64.
        public var pendingLimitPerApp: Int
        /// Who answers authorization requests.
        public var authorizationPolicy: AuthorizationPolicy
        /// The zone that calendar triggers without a time zone follow.
        public var timeZone: TimeZone
        /// How long an app's completion handler may take before it is logged and
        /// treated as called.
        public var handlerTimeout: TimeInterval
        /// A custom sound longer than this plays the default sound instead (30 s, as on iOS).
        public var maximumSoundDuration: TimeInterval
        /// Where the engine looks up how long a named sound is.
        public var soundLibrary: SoundLibrary
        /// A delivery this long or more after its due date is marked late.
        public var lateTolerance: TimeInterval
        /// How many of the soonest due requests the engine keeps in memory.
        public var dueWindowSize: Int
        /// The longest the engine sleeps before it looks at the clock again, so
        /// that a jump of the wall clock is noticed within this time.
        public var clockCheckInterval: TimeInterval
        /// How long a delivery that left the notification center (answered or
        /// removed) is kept, so a late response to it still finds it. Checked
        /// at start and then once a day.
        public var deliveryRetention: TimeInterval

        /// A configuration with iOS's limits: 64 pending requests per app, sounds
        /// up to 30 s, completion handlers that must answer within 30 s.
        public init(pendingLimitPerApp: Int = 64, authorizationPolicy: AuthorizationPolicy = .ask) {
            self.pendingLimitPerApp = pendingLimitPerApp
            self.authorizationPolicy = authorizationPolicy
            timeZone = .current
            handlerTimeout = 30
            maximumSoundDuration = 30
            soundLibrary = SoundLibrary()
            lateTolerance = 1
            dueWindowSize = 1_024
            clockCheckInterval = 10
            deliveryRetention = 7 * 24 * 3_600
        }
    }
}
