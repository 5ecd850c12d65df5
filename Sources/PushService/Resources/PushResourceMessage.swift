public import Foundation

/// A message an application server POSTed to a push resource, as the push service
/// keeps it until the receiver acknowledges it or it expires (RFC 8030 §5). Herald
/// never reads the body: it is encrypted for the receiver (RFC 8291), and stays so.
public struct PushResourceMessage: Sendable, Equatable, Codable {
    /// The message's identifier: 16 random bytes in base64url. Firefox's push
    /// protocol calls it the `version`; its receipt is at `…/push/messages/<id>`.
    public var id: String
    /// The ``PushResource/token`` of the resource it was sent to.
    public var resource: String
    /// The resource's ``PushResource/channel``.
    public var channel: String
    /// The body as POSTed, encrypted; empty for a message without data.
    public var body: Data
    /// How the body is encrypted; `nil` without a body.
    public var encoding: PushContentEncoding?
    /// RFC 8030 §5.3's `Urgency`.
    public var urgency: String
    /// RFC 8030 §5.4's `Topic`: a newer message with it replaces this one.
    public var topic: String?
    /// When it is dropped undelivered; `nil` for `TTL: 0`, delivered now or never.
    public var expiresAt: Date?
    /// The application server asked for a receipt (`Prefer: respond-async`).
    public var wantsReceipt: Bool
    /// Sent on the receiver's current connection and not yet acknowledged.
    public var isSent: Bool

    public init(
        id: String, resource: String, channel: String, body: Data, encoding: PushContentEncoding?, urgency: String,
        topic: String?, expiresAt: Date?, wantsReceipt: Bool, isSent: Bool = false
    ) {
        self.id = id
        self.resource = resource
        self.channel = channel
        self.body = body
        self.encoding = encoding
        self.urgency = urgency
        self.topic = topic
        self.expiresAt = expiresAt
        self.wantsReceipt = wantsReceipt
        self.isSent = isSent
    }

    /// A new message's identifier.
    public static func makeIdentifier() -> String {
        Random.bytes(16).base64URLEncoded
    }

    /// Whether it is delivered now or never (`TTL: 0`).
    public var isNowOrNever: Bool { expiresAt == nil }

    /// The most bytes of a body (RFC 8030 §7.2: at least 4,096 must be taken).
    public static let maximumBodySize = 4_096
}

/// How a message's body is encrypted, as the receiver needs it to decrypt: RFC
/// 8188's `aes128gcm`, which carries its own salt and key, or the older `aesgcm`
/// of the Web Push drafts, whose salt and key travel in `Encryption` and `Crypto-Key`.
public struct PushContentEncoding: Sendable, Equatable, Codable {
    /// `aes128gcm` or `aesgcm`.
    public var name: String
    /// `aesgcm`'s `Encryption` header (`salt=…`).
    public var encryption: String?
    /// `aesgcm`'s `Crypto-Key` header (`dh=…`).
    public var cryptoKey: String?

    public init(name: String, encryption: String? = nil, cryptoKey: String? = nil) {
        self.name = name
        self.encryption = encryption
        self.cryptoKey = cryptoKey
    }

    public static let aes128gcm = PushContentEncoding(name: "aes128gcm")
}

/// What an application server learns of a message it asked a receipt for
/// (``PushResourceMessage/wantsReceipt``).
public enum PushReceipt: Sendable, Equatable {
    /// Kept, not yet acknowledged by the receiver.
    case pending
    /// The receiver acknowledged it at this time.
    case delivered(Date)
    /// Dropped undelivered: expired, replaced by a newer one with its topic, or its
    /// resource removed.
    case dropped

    /// How long a receipt is kept once the message was delivered or dropped: a day.
    public static let lifetime: TimeInterval = 24 * 3600
}
