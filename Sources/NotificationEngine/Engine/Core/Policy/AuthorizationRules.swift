import Foundation

/// How an app's authorization request is answered, and what each answer makes
/// of its preferences. Pure: the store, the prompt and its waiters stay outside.
enum AuthorizationRules {
    /// What `requestAuthorization` does.
    enum Outcome: Equatable {
        /// Provisional authorization, granted without asking.
        case provisional
        /// Decided by the engine's policy, without asking the user.
        case decide(granted: Bool)
        /// The user is asked (or already being asked).
        case ask
        /// Already answered: the app gets this status.
        case answered(AuthorizationStatus)
    }

    /// The outcome of a request for `options` by an app whose status is `status`.
    /// Asking for more than provisional authorization later asks the user, as a
    /// first request would.
    static func outcome(
        of options: AuthorizationOptions, status: AuthorizationStatus,
        policy: NotificationEngine.AuthorizationPolicy
    ) -> Outcome {
        if options.contains(.provisional), status.isUndecided { return .provisional }
        guard status.isUndecided else { return .answered(status) }
        switch policy {
        case .grantAll: return .decide(granted: true)
        case .denyAll: return .decide(granted: false)
        case .ask: return .ask
        }
    }

    /// The preferences after a provisional grant of `options`, or `nil` when
    /// the app already has them provisionally (nothing changes).
    static func provisionally(
        _ preferences: AppNotificationPreferences, granting options: AuthorizationOptions
    ) -> AppNotificationPreferences? {
        let wasProvisional = preferences.authorizationStatus == .provisional
        guard !wasProvisional || !preferences.grantedOptions.isSuperset(of: options) else { return nil }
        var granted = preferences
        granted.authorizationStatus = .provisional
        granted.grantedOptions.formUnion(options)
        return granted
    }

    /// The preferences after the user (or the policy) answered: authorized with
    /// the options asked for, or denied with none.
    static func answered(
        _ preferences: AppNotificationPreferences, granted: Bool, options: AuthorizationOptions
    ) -> AppNotificationPreferences {
        var answered = preferences
        answered.authorizationStatus = granted ? .authorized : .denied
        answered.grantedOptions = granted ? options : []
        return answered
    }
}

extension AuthorizationStatus {
    /// Not answered by the user or a policy yet.
    var isUndecided: Bool {
        self == .notDetermined || self == .provisional
    }
}
