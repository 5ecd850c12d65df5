public import Foundation

/// A POST to a push resource (RFC 8030 §5) read into the message it asks the push
/// service to keep: its header fields checked, its body left encrypted.
public struct PushResourceRequest: Sendable {
    /// The header fields, by lowercased name (the last of a repeated one).
    public var fields: [String: String]
    public var body: Data

    public init(fields: [(name: String, value: String)], body: Data) {
        var byName: [String: String] = [:]
        for field in fields { byName[field.name.lowercased()] = field.value }
        self.fields = byName
        self.body = body
    }

    /// The longest a message is kept, whatever its `TTL` asks: 30 days. A longer
    /// `TTL` is cut to it, and the answer's `TTL` says so (§5.2).
    public static let maximumTimeToLive = 30 * 24 * 3600

    /// The message for `resource`, as the push service at `audience` (its origin,
    /// as a VAPID token's `aud` names it) keeps it, and the `TTL` it applied.
    ///
    /// - Throws: ``PushResourceRefusal``, naming the first rule broken.
    public func message(for resource: PushResource, audience: String, now: Date) throws -> (
        message: PushResourceMessage, timeToLive: Int
    ) {
        try checkAuthorization(of: resource, audience: audience, now: now)
        guard body.count <= PushResourceMessage.maximumBodySize else {
            throw PushResourceRefusal(
                .payloadTooLarge, "a message is at most \(PushResourceMessage.maximumBodySize) bytes; this one is \(body.count)")
        }
        let timeToLive = try self.timeToLive()
        let encoding = try self.encoding()
        if resource.agent.kind == .unifiedPush, encoding != .aes128gcm {
            // UnifiedPush hands the app the body alone: aesgcm's headers have no place.
            throw PushResourceRefusal(
                .unsupportedEncoding, "a UnifiedPush app takes a body of 1 to 4,096 bytes in aes128gcm (RFC 8291)")
        }
        let message = PushResourceMessage(
            id: PushResourceMessage.makeIdentifier(), resource: resource.token, channel: resource.channel, body: body,
            encoding: encoding, urgency: try urgency(), topic: try topic(),
            expiresAt: timeToLive == 0 ? nil : now.addingTimeInterval(TimeInterval(timeToLive)),
            wantsReceipt: wantsReceipt)
        return (message, timeToLive)
    }

    /// `TTL`, required (§5.2), cut to ``maximumTimeToLive``.
    private func timeToLive() throws -> Int {
        guard let text = fields["ttl"] else {
            throw PushResourceRefusal(.invalidHeader, "a message needs a TTL header (seconds to keep it)")
        }
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            throw PushResourceRefusal(.invalidHeader, "TTL is a number of seconds, 0 or more; not \(text)")
        }
        return min(seconds, Self.maximumTimeToLive)
    }

    /// `Urgency` (§5.3), `normal` when absent.
    private func urgency() throws -> String {
        guard let text = fields["urgency"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return "normal" }
        guard WebPushMessage.Urgency(rawValue: text) != nil else {
            throw PushResourceRefusal(.invalidHeader, "Urgency is very-low, low, normal or high; not \(text)")
        }
        return text
    }

    /// `Topic` (§5.4): 1 to 32 characters of base64url.
    private func topic() throws -> String? {
        guard let topic = fields["topic"] else { return nil }
        guard (1...32).contains(topic.utf8.count), topic.isBase64URLAlphabet else {
            throw PushResourceRefusal(.invalidHeader, "a Topic is 1 to 32 characters of base64url")
        }
        return topic
    }

    /// How a body is encrypted: `aes128gcm` (RFC 8291), or `aesgcm` with its
    /// `Encryption` salt and `Crypto-Key` `dh`; `nil` for a message without a body.
    private func encoding() throws -> PushContentEncoding? {
        guard !body.isEmpty else { return nil }
        switch fields["content-encoding"]?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "aes128gcm"?:
            return .aes128gcm
        case "aesgcm"?:
            guard let encryption = fields["encryption"], encryption.contains("salt="),
                let cryptoKey = fields["crypto-key"], cryptoKey.contains("dh=")
            else {
                throw PushResourceRefusal(
                    .invalidHeader, "an aesgcm message needs an Encryption header with its salt and a Crypto-Key with dh")
            }
            return PushContentEncoding(name: "aesgcm", encryption: encryption, cryptoKey: cryptoKey)
        case let other:
            throw PushResourceRefusal(
                .unsupportedEncoding,
                "a message's body is encrypted for its receiver: Content-Encoding aes128gcm (or aesgcm), not \(other ?? "none")")
        }
    }

    /// Whether the application server asked for a receipt (`Prefer: respond-async`).
    public var wantsReceipt: Bool {
        fields["prefer"]?.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "respond-async" }
            ?? false
    }

    /// A VAPID `Authorization` (RFC 8292): required, and of the subscription's key,
    /// when it named one; checked when present all the same.
    private func checkAuthorization(of resource: PushResource, audience: String, now: Date) throws {
        guard let header = fields["authorization"] else {
            guard resource.applicationServerKey == nil else {
                throw PushResourceRefusal(.unauthorized, "this subscription needs a VAPID Authorization (RFC 8292)")
            }
            return
        }
        let vapid: VAPIDAuthorization
        do {
            vapid = try VAPIDAuthorization(header: header)
        } catch let error as WebPushError {
            throw PushResourceRefusal(.unauthorized, error.message)
        }
        if let key = resource.applicationServerKey, key != vapid.publicKey {
            throw PushResourceRefusal(.forbidden, "the VAPID key is not the one the subscription was made with")
        }
        do {
            try vapid.check(audience: audience, now: now, subscriptionKey: nil)
        } catch let error as WebPushError {
            throw PushResourceRefusal(.unauthorized, error.message)
        }
    }
}
