/// What a UnifiedPush distributor does with the registrations connectors ask for:
/// Herald's daemon keeps each as a push resource.
public protocol UnifiedPushRegistrar: Sendable {
    /// Registers (or registers again: the same token keeps its endpoint).
    func register(_ registration: UnifiedPushRegistration) async -> UnifiedPushRegistrationResult

    /// Removes the registration with `token`; returns the connector it was of, to be
    /// told, or `nil` when no registration has it.
    func unregister(token: String) async -> String?
}
