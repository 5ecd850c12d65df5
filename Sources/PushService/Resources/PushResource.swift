import Crypto
public import Foundation
import NotificationModel

/// A push resource (RFC 8030 §2.1): the capability URL an application server POSTs
/// its messages to, and where they go. Herald keeps one per browser subscription
/// made through its push connection (a Firefox profile's `channelID`) and per
/// UnifiedPush registration (the connector's token).
///
/// The resource's ``token`` is the whole capability: 256 random bits in base64url,
/// unguessable, so whoever knows the URL may push, and nobody else can.
public struct PushResource: Sendable, Equatable, Codable {
    /// The capability in the resource's URL: 43 characters of base64url.
    public var token: String
    /// Who receives the messages (``PushAgent``).
    public var agent: PushAgent
    /// The receiver's own name for the subscription: Firefox's `channelID`, a
    /// UnifiedPush connector's token.
    public var channel: String
    /// The application server's VAPID key the subscription named (65 bytes), if any:
    /// a message then needs a VAPID `Authorization` signed with it.
    public var applicationServerKey: Data?
    public var createdAt: Date

    public init(token: String, agent: PushAgent, channel: String, applicationServerKey: Data?, createdAt: Date) {
        self.token = token
        self.agent = agent
        self.channel = channel
        self.applicationServerKey = applicationServerKey
        self.createdAt = createdAt
    }

    /// A new resource's token: 32 random bytes in base64url.
    public static func makeToken() -> String {
        Random.bytes(32).base64URLEncoded
    }

    /// Whether `text` can be a token (43 characters of base64url): anything else is
    /// answered as unknown without a lookup.
    public static func isToken(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 43 && String(text).isBase64URLAlphabet
    }

    /// An application server's VAPID key as a subscriber gives it (RFC 8292 §3.2):
    /// an uncompressed P-256 point in base64url, padded or not; `nil` for anything else.
    public static func applicationServerKey(base64URL text: String) -> Data? {
        let unpadded = text.hasSuffix("=") ? String(text.prefix { $0 != "=" }) : text
        guard let key = Data(base64URL: unpadded), key.count == 65,
            (try? P256.Signing.PublicKey(x963Representation: key)) != nil
        else { return nil }
        return key
    }

    /// The most characters of a ``channel``.
    public static let maximumChannelLength = 100
    /// The most resources one agent holds.
    public static let capacityPerAgent = 500
    /// The most resources the push service holds in all: receivers it cannot check
    /// the identity of (any browser on the push socket) cannot grow its store without end.
    public static let capacity = 100_000
}

/// Who receives a push resource's messages, in the form the store keys them by: a
/// browser's push connection (`ua:` and its 32-hex-digit user agent identifier), or
/// a UnifiedPush app on the desktop (`up:` and its D-Bus name).
public struct PushAgent: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// A browser speaking Firefox's push protocol over a WebSocket.
        case browser = "ua"
        /// A UnifiedPush connector, reached over D-Bus.
        case unifiedPush = "up"
    }

    public var kind: Kind
    /// The browser's user agent identifier, or the connector's D-Bus name.
    public var name: String

    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// Reads `ua:…` or `up:…`.
    public init?(stored text: String) {
        guard let colon = text.firstIndex(of: ":"), let kind = Kind(rawValue: String(text[..<colon])),
            text.index(after: colon) < text.endIndex
        else { return nil }
        self.init(kind, String(text[text.index(after: colon)...]))
    }

    /// The form stored and announced.
    public var stored: String { "\(kind.rawValue):\(name)" }
    public var description: String { stored }

    /// A new browser's user agent identifier: 16 random bytes as 32 hexadecimal digits.
    public static func makeBrowser() -> PushAgent {
        PushAgent(.browser, Hexadecimal.text(of: Random.bytes(16)))
    }

    /// Whether `text` is a user agent identifier Herald makes (32 lowercase hexadecimal digits).
    public static func isBrowserIdentifier(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
