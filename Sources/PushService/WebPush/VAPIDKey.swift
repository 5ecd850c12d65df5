import Crypto
public import Foundation

/// An application server's key for Voluntary Application Server Identification
/// (RFC 8292): a P-256 signing key whose public half a browser is given when it
/// subscribes (`applicationServerKey`), and which signs the `vapid` authorization
/// of every message sent to that subscription.
public struct VAPIDKey: Sendable {
    /// The private key's scalar (32 bytes): swift-crypto's keys are not `Sendable`.
    private let privateKey: Data
    /// The public key, an uncompressed point (65 bytes).
    public let publicKey: Data

    private init(_ key: P256.Signing.PrivateKey) {
        privateKey = key.rawRepresentation
        publicKey = key.publicKey.x963Representation
    }

    private var signingKey: P256.Signing.PrivateKey {
        // The bytes came from a key.
        get throws { try P256.Signing.PrivateKey(rawRepresentation: privateKey) }
    }

    /// A new key, from the system's secure generator.
    public init() {
        self.init(P256.Signing.PrivateKey())
    }

    /// The key a PEM file holds (`-----BEGIN PRIVATE KEY-----` or `EC PRIVATE KEY`).
    ///
    /// - Throws: ``WebPushError`` `invalidKey` for anything else.
    public init(pemRepresentation pem: String) throws {
        do {
            self.init(try P256.Signing.PrivateKey(pemRepresentation: pem))
        } catch {
            throw WebPushError(.invalidKey, "the VAPID key is not a P-256 private key in PEM: \(error)")
        }
    }

    /// The key as PEM (PKCS #8), to keep in a file.
    public var pemRepresentation: String {
        get throws { try signingKey.pemRepresentation }
    }

    /// A secret of `byteCount` bytes derived from the private key for `purpose`
    /// (HKDF-SHA256), so that what the key's owner signs another way needs no
    /// secret of its own; nothing derived reveals the key.
    package func derivedSecret(for purpose: String, byteCount: Int = 32) -> Data {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: privateKey), info: Data(purpose.utf8), outputByteCount: byteCount
        ).withUnsafeBytes { Data($0) }
    }

    /// The public key in base64url: what a page passes to `pushManager.subscribe`
    /// as `applicationServerKey`, and the `k` of every authorization.
    public var applicationServerKey: String { publicKey.base64URLEncoded }

    /// The `Authorization` header value for a message to a push resource of
    /// `audience` (its origin, ``VAPIDAuthorization/audience(of:)``): `vapid t=<JWT>,
    /// k=<key>`, the token signed with ES256, claiming `aud`, `exp` and `sub`.
    ///
    /// - Parameters:
    ///   - subject: A contact for the push service's operator: a `mailto:` or `https:` URL.
    ///   - expiresAt: When the token ends; a push service takes no more than 24 hours ahead.
    public func authorization(audience: String, subject: String, expiresAt: Date) throws -> String {
        let header = Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8).base64URLEncoded
        let claims = try JSONEncoder.sortedKeys.encode(
            VAPIDAuthorization.Claims(aud: audience, exp: Int64(expiresAt.timeIntervalSince1970), sub: subject))
        let signed = header + "." + claims.base64URLEncoded
        let signature = try signingKey.signature(for: Data(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(signature.base64URLEncoded), k=\(applicationServerKey)"
    }
}

extension JSONEncoder {
    /// An encoder writing keys in order, so a token's text depends only on its claims.
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
