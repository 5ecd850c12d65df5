import Crypto
import Foundation

/// Random credentials and their fingerprints.
enum Secrets {
    /// A new credential: 32 bytes from the system's secure generator, base64url
    /// without padding (43 characters), after `prefix`.
    static func makeToken(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64URLEncoded
    }

    /// The SHA-256 of a token, in hex: what the registry stores instead of the token.
    static func fingerprint(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(SHA256.hash(data: Data(a.utf8)))
        let y = Array(SHA256.hash(data: Data(b.utf8)))
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The HMAC-SHA256 of `message` under `key`, in hex.
    static func signature(of message: Data, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(key.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }
}

extension Data {
    /// Base64url (RFC 4648 §5) without padding.
    var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
