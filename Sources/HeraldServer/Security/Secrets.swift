import Crypto
import Foundation
import PushService

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
        fingerprint(of: digest(token))
    }

    /// The SHA-256 of a token.
    static func digest(_ token: String) -> SHA256.Digest {
        SHA256.hash(data: Data(token.utf8))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A digest in lowercase hex, as ``fingerprint(_:)`` gives it.
    static func fingerprint(of digest: SHA256.Digest) -> String {
        String(unsafeUninitializedCapacity: SHA256.byteCount * 2) { buffer in
            var index = 0
            for byte in digest {
                buffer[index] = hexDigits[Int(byte >> 4)]
                buffer[index + 1] = hexDigits[Int(byte & 0x0f)]
                index += 2
            }
            return index
        }
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        constantTimeEqual(Array(digest(a)), Array(digest(b)))
    }

    /// Compares two digests of the same length in time that does not depend on where they differ.
    static func constantTimeEqual(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        x.count == y.count && zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The HMAC-SHA256 of `message` under `key`, in hex.
    static func signature(of message: Data, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(key.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }
}
