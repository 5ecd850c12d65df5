/// What Herald answers a `Register` (`org.unifiedpush.Distributor2`).
public enum UnifiedPushRegistrationResult: Sendable, Hashable {
    /// Registered: the connector gets `endpoint` through `NewEndpoint` once answered.
    case succeeded(endpoint: String)
    /// Not registered, for `reason`; `message` is for the log.
    case failed(Reason, message: String)

    /// The specification's reasons for a failed registration.
    public enum Reason: String, Sendable, Hashable {
        /// Herald could not keep the registration (its store failed): try again later.
        case internalError = "INTERNAL_ERROR"
        /// No network.
        case network = "NETWORK"
        /// The person must act first: Herald's bound of registrations is reached.
        case actionRequired = "ACTION_REQUIRED"
        /// A VAPID key is needed: the one given is not a P-256 public key.
        case vapidRequired = "VAPID_REQUIRED"
        /// The caller may not register.
        case unauthorized = "UNAUTHORIZED"
    }

    /// The `a{sv}` the call is answered with: `success`, and `reason` on failure.
    package var reply: [String: DBusValue] {
        switch self {
        case .succeeded: ["success": .string("REGISTRATION_SUCCEEDED")]
        case .failed(let reason, _): ["success": .string("REGISTRATION_FAILED"), "reason": .string(reason.rawValue)]
        }
    }
}
