package import Foundation

extension Data {
    /// Decodes base64url without padding (RFC 4648 §5, as JWS and Web Push write
    /// it); `nil` for anything else.
    package init?(base64URL text: some StringProtocol) {
        guard text.isBase64URLAlphabet else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }

    /// Base64url (RFC 4648 §5) without padding.
    package var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension StringProtocol {
    /// Whether every character is one of base64url's 64 (no padding).
    package var isBase64URLAlphabet: Bool {
        utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x5F
        }
    }
}
