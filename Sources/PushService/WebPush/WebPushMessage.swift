import Crypto
public import Foundation
public import NotificationModel

/// One message for a subscription (RFC 8030 §5): what the browser's service worker
/// gets as its `push` event's data, how long the push service may keep it, how
/// urgent it is, and the topic that makes a newer message replace an older one
/// still waiting.
public struct WebPushMessage: Sendable, Equatable {
    /// RFC 8030 §5.3's urgencies: a push service may hold back the lower ones to
    /// save a device's battery.
    public enum Urgency: String, Sendable, CaseIterable {
        case veryLow = "very-low"
        case low
        case normal
        case high

        /// A notification's interruption level as an urgency: passive ones may wait,
        /// time-sensitive and critical ones may not.
        public init(_ level: NotificationContent.InterruptionLevel) {
            switch level {
            case .passive: self = .low
            case .active: self = .normal
            case .timeSensitive, .critical: self = .high
            }
        }
    }

    /// The plaintext, at most ``WebPushEncryption/maximumPlaintextSize`` bytes.
    public var payload: Data
    /// Seconds the push service may keep the message for a browser that is away
    /// (`TTL`); 0: now or never.
    public var timeToLive: Int
    public var urgency: Urgency
    /// The `Topic`: at most 32 characters of base64url (``topic(for:)``).
    public var topic: String?

    public init(payload: Data, timeToLive: Int, urgency: Urgency = .normal, topic: String? = nil) {
        self.payload = payload
        self.timeToLive = timeToLive
        self.urgency = urgency
        self.topic = topic
    }

    /// A `Topic` for any identifier (a collapse or thread identifier): 32 characters
    /// of base64url from its SHA-256, the same for the same identifier.
    public static func topic(for identifier: String) -> String {
        Data(SHA256.hash(data: Data(identifier.utf8)).prefix(24)).base64URLEncoded
    }

    /// The message encrypted for `subscription`, as the POST to its push resource,
    /// authorized by `vapid`.
    ///
    /// - Throws: ``WebPushError`` `payloadTooLarge` for a payload over the limit,
    ///   `invalidMessage` for a negative time to live or a topic that is not 1 to 32
    ///   base64url characters.
    public func request(to subscription: WebPushSubscription, authorization vapid: String) throws -> WebPushRequest {
        guard timeToLive >= 0 else { throw WebPushError(.invalidMessage, "the time to live is negative") }
        if let topic {
            guard (1...32).contains(topic.utf8.count), topic.isBase64URLAlphabet else {
                throw WebPushError(.invalidMessage, "a topic is 1 to 32 characters of base64url")
            }
        }
        var fields = [
            ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"), ("TTL", String(timeToLive)),
            ("Urgency", urgency.rawValue), ("Authorization", vapid),
        ]
        if let topic { fields.append(("Topic", topic)) }
        return WebPushRequest(
            url: subscription.endpoint, fields: fields, body: try WebPushEncryption.encrypt(payload, for: subscription.keys))
    }
}

/// A message's POST to a push resource.
public struct WebPushRequest: Sendable {
    public var url: URL
    /// The header fields, in order.
    public var fields: [(name: String, value: String)]
    public var body: Data

    /// The value of the field `name` (case-insensitive), if any.
    public func field(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
