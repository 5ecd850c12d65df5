/// A refusal of the push service's own API (keys, registrations), as opposed to
/// the provider API's ``APNsRefusal``: a code and a message naming what is wrong.
public struct PushServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, Equatable {
        /// A key identifier or team that is not 1 to 64 letters, digits, `.`, `_` or `-`.
        case invalidIdentifier
        /// A `.p8` file that is not a P-256 private key in PEM.
        case invalidKey
        /// A topic that is not an app identifier, or a key with no topic.
        case invalidTopic
        /// A topic another team already owns.
        case topicTaken
        /// No key with this identifier.
        case keyNotFound
        /// A device invite's code that is unknown, already used or expired.
        case invalidInvite
        /// No device with this identifier is enrolled.
        case deviceNotFound
        /// A device credential that is malformed or no device's.
        case invalidCredential
        /// No browser with this identifier is subscribed.
        case browserNotFound
        /// Another node made the VAPID key first.
        case keyTaken
        /// A push receiver holds ``PushResource/capacityPerAgent`` subscriptions already.
        case tooManySubscriptions
        /// The records could not be read or written.
        case storeFailure
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension PushServiceError {
    /// `agent` holds ``PushResource/capacityPerAgent`` subscriptions already.
    package static func tooManySubscriptions(_ agent: PushAgent) -> PushServiceError {
        PushServiceError(
            .tooManySubscriptions,
            "this receiver holds \(PushResource.capacityPerAgent) push subscriptions already; remove one first")
    }

    /// The push service holds ``PushResource/capacity`` subscriptions in all.
    package static let serviceFull = PushServiceError(
        .tooManySubscriptions, "the push service holds \(PushResource.capacity) push subscriptions in all")
}
