/// A refusal of the open push standards' side (Web Push, VAPID): a code and a
/// message naming what is wrong.
public struct WebPushError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, Equatable {
        /// A subscription whose `p256dh` is not an uncompressed P-256 point, whose
        /// `auth` is not 16 bytes, or whose endpoint is not an `https` URL.
        case invalidSubscription
        /// A message that does not fit one push (RFC 8030: a body of 4,096 bytes).
        case payloadTooLarge
        /// A body that is not one `aes128gcm` record (RFC 8188).
        case invalidMessage
        /// A VAPID authorization (RFC 8292) that is malformed, expired, for another
        /// origin, not signed by its key, or by another key than the subscription's.
        case invalidVAPID
        /// A VAPID key file that is not a P-256 private key.
        case invalidKey
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
