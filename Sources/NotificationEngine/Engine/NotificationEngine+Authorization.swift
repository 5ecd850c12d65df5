import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    func requestAuthorizationNow(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool {
        try Validator.validateApp(app)
        var becameProvisional = false
        let status: AuthorizationStatus = try scheduling.withLock { scheduling in
            let preferences = try record(app, in: &scheduling).preferences
            switch AuthorizationRules.outcome(
                of: options, status: preferences.authorizationStatus, policy: configuration.authorizationPolicy)
            {
            case .provisional:
                if let granted = AuthorizationRules.provisionally(preferences, granting: options) {
                    try save(granted, for: app)
                    becameProvisional = preferences.authorizationStatus != .provisional
                }
                return .provisional
            case .decide(let granted):
                return try decide(granted, options: options, for: app, in: &scheduling)
            case .ask:
                return .notDetermined
            case .answered(let status):
                return status
            }
        }
        if becameProvisional { emit(.authorizationChanged(app: app, status: .provisional)) }
        if status != .notDetermined { return status.allowsDelivery }
        return await withCheckedContinuation { continuation in
            let isFirst = state.withLock { state in
                if let status = state.apps[app]?.preferences.authorizationStatus,
                    status == .authorized || status == .denied
                {
                    continuation.resume(returning: status == .authorized)
                    return false
                }
                state.prompts[app, default: EngineState.Prompt(options: options, waiters: [])].waiters.append(continuation)
                return state.prompts[app]?.waiters.count == 1
            }
            guard isFirst else { return }
            presenters.forEach { $0.authorizationRequested(for: app, options: options) }
            emit(.authorizationRequested(app: app, options: options))
        }
    }

    /// Stores the answer (``AuthorizationRules/answered(_:granted:options:)``) and
    /// returns the new status.
    private func decide(
        _ granted: Bool, options: AuthorizationOptions, for app: AppIdentifier, in scheduling: inout Scheduling
    ) throws -> AuthorizationStatus {
        let preferences = AuthorizationRules.answered(
            try record(app, in: &scheduling).preferences, granted: granted, options: options)
        try save(preferences, for: app)
        return preferences.authorizationStatus
    }

    /// Writes the app's preferences and, once committed, its cached record; the
    /// caller holds the `scheduling` lock.
    private func save(_ preferences: AppNotificationPreferences, for app: AppIdentifier) throws {
        try write { try $0.savePreferences(preferences, for: app) }
        state.withLock { $0.updateApp(app) { $0.preferences = preferences } }
    }

    /// The user's answer to an app's authorization request. Every caller waiting
    /// in `requestAuthorization` gets it, and it is stored: later requests return
    /// it without asking. Answering an app that is not asking sets its
    /// authorization as the Settings app would, with alerts, sounds and badges.
    ///
    /// - Parameters:
    ///   - app: The app whose request is answered.
    ///   - granted: `true` to authorize it with the options it asked for, `false` to deny it.
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``; the waiting callers then keep waiting.
    public func answerAuthorization(for app: AppIdentifier, granted: Bool) throws {
        try Validator.validateApp(app)
        let waiters = try scheduling.withLock { scheduling in
            let options = state.withLock { $0.prompts[app]?.options }
            _ = try decide(granted, options: options ?? [.alert, .sound, .badge], for: app, in: &scheduling)
            return state.withLock { $0.prompts.removeValue(forKey: app)?.waiters ?? [] }
        }
        emit(.authorizationChanged(app: app, status: granted ? .authorized : .denied))
        waiters.forEach { $0.resume(returning: granted) }
    }

    /// The apps waiting for the user's answer to their authorization request, with
    /// the options each asked for, sorted by app.
    public var authorizationRequests: [(app: AppIdentifier, options: AuthorizationOptions)] {
        state.withLock { state in
            state.prompts.map { ($0.key, $0.value.options) }.sorted { $0.app < $1.app }
        }
    }

    /// The user changes an app's settings, as in the Settings app: alert style,
    /// sounds, badges, or authorization itself.
    ///
    /// The change applies to deliveries presented from then on. A change of the
    /// authorization status is reported on ``events``; callers waiting in
    /// `requestAuthorization` are answered only by ``answerAuthorization(for:granted:)``.
    ///
    /// ```swift
    /// try engine.updatePreferences(for: "com.example.nagme") { preferences in
    ///     preferences.alertStyle = .alert
    ///     preferences.soundsEnabled = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - app: The app whose preferences change.
    ///   - change: Edits the app's current preferences.
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``, and nothing changes.
    public func updatePreferences(
        for app: AppIdentifier, _ change: (inout AppNotificationPreferences) -> Void
    ) throws {
        try Validator.validateApp(app)
        let (old, new) = try scheduling.withLock { scheduling in
            let old = try record(app, in: &scheduling).preferences
            var new = old
            change(&new)
            try save(new, for: app)
            return (old, new)
        }
        if old.authorizationStatus != new.authorizationStatus {
            emit(.authorizationChanged(app: app, status: new.authorizationStatus))
        }
    }

    /// The app's preferences as the user set them; the defaults of
    /// ``AppNotificationPreferences/init(authorizationStatus:grantedOptions:alertStyle:soundsEnabled:badgesEnabled:)``
    /// for an app the engine has not seen.
    public func preferences(for app: AppIdentifier) throws -> AppNotificationPreferences {
        try Validator.validateApp(app)
        return try record(app).preferences
    }
}
