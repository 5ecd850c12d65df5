/// Why the push service refused a message POSTed to a push resource, with the HTTP
/// status RFC 8030 and RFC 8292 give it; nothing was kept.
public struct PushResourceRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// No resource has this URL (never made, or removed): 404, which an
        /// application server takes as the subscription gone.
        case notFound
        /// A `TTL`, `Urgency`, `Topic` or encoding header that is missing or malformed: 400.
        case invalidHeader
        /// A body over ``PushResourceMessage/maximumBodySize``: 413.
        case payloadTooLarge
        /// A body in an encoding the receiver cannot decrypt: 415.
        case unsupportedEncoding
        /// The subscription named a VAPID key and the message has no valid
        /// `Authorization` (RFC 8292 §4.2): 401.
        case unauthorized
        /// A valid VAPID token of another key than the subscription's: 403.
        case forbidden
        /// ``PushAgentQueue/capacity`` messages wait for the receiver already, or
        /// ``PushAgentQueue/capacityPerResource`` on the resource: 429.
        case tooManyMessages
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The HTTP status this refusal is answered with.
    public var status: Int {
        switch code {
        case .notFound: 404
        case .invalidHeader: 400
        case .payloadTooLarge: 413
        case .unsupportedEncoding: 415
        case .unauthorized: 401
        case .forbidden: 403
        case .tooManyMessages: 429
        }
    }

    package static let notFound = PushResourceRefusal(.notFound, "no push resource has this URL")

    package static let tooManyMessages = PushResourceRefusal(
        .tooManyMessages, "\(PushAgentQueue.capacity) messages wait for this receiver already")

    package static let tooManyOnResource = PushResourceRefusal(
        .tooManyMessages, "\(PushAgentQueue.capacityPerResource) messages wait on this subscription already")
}
