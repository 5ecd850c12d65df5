import Crypto
public import Foundation

/// What a browser's push subscription gives its sender to encrypt for it
/// (`PushSubscription.toJSON().keys`): its P-256 public key (`p256dh`) and a
/// 16-byte authentication secret (`auth`), both base64url.
public struct WebPushSubscriptionKeys: Sendable, Equatable {
    /// The receiver's public key, an uncompressed point (65 bytes).
    public let publicKey: Data
    /// The authentication secret, 16 bytes.
    public let authSecret: Data
    /// The public key for an agreement, read once from ``publicKey``.
    var agreementKey: P256.KeyAgreement.PublicKey { read.key }
    private let read: ReadKey

    /// The keys as a subscription's JSON has them.
    ///
    /// - Throws: ``WebPushError`` `invalidSubscription` when `p256dh` is not an
    ///   uncompressed point of P-256 or `auth` is not 16 bytes, in base64url.
    public init(p256dh: String, auth: String) throws {
        guard let key = Data(base64URL: p256dh), let secret = Data(base64URL: auth) else {
            throw WebPushError(.invalidSubscription, "the subscription's keys are not base64url")
        }
        try self.init(publicKey: key, authSecret: secret)
    }

    /// The keys as bytes.
    ///
    /// - Throws: ``WebPushError`` `invalidSubscription`, as ``init(p256dh:auth:)``.
    public init(publicKey: Data, authSecret: Data) throws {
        guard publicKey.count == 65, publicKey.first == 0x04,
            let agreementKey = try? P256.KeyAgreement.PublicKey(x963Representation: publicKey)
        else {
            throw WebPushError(.invalidSubscription, "p256dh is not an uncompressed P-256 public key (65 bytes)")
        }
        guard authSecret.count == 16 else {
            throw WebPushError(.invalidSubscription, "auth is \(authSecret.count) bytes, not 16")
        }
        self.publicKey = publicKey
        self.authSecret = authSecret
        read = ReadKey(key: agreementKey)
    }

    /// Keys are equal when their bytes are.
    public static func == (left: Self, right: Self) -> Bool {
        left.publicKey == right.publicKey && left.authSecret == right.authSecret
    }

    /// The public key read as a point. swift-crypto's keys are not marked `Sendable`: this
    /// one is never changed after it is read (BoringSSL only reads it for an agreement).
    private struct ReadKey: @unchecked Sendable {
        let key: P256.KeyAgreement.PublicKey
    }

    /// `p256dh` in base64url.
    public var p256dh: String { publicKey.base64URLEncoded }
    /// `auth` in base64url.
    public var auth: String { authSecret.base64URLEncoded }
}
