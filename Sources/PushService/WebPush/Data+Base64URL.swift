package import Foundation

extension Data {
    /// Decodes base64url without padding (RFC 4648 §5, as JWS and Web Push write
    /// it); `nil` for anything else.
    package init?(base64URL text: some StringProtocol) {
        var base64: [UInt8] = []
        base64.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            guard let mapped = Base64URL.standard(byte) else { return nil }
            base64.append(mapped)
        }
        base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4))
        self.init(base64Encoded: Data(base64))
    }

    /// Base64url (RFC 4648 §5) without padding.
    package var base64URLEncoded: String {
        var text = base64EncodedData()
        text.removeAll { $0 == UInt8(ascii: "=") }
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "+"): text[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): text[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension StringProtocol {
    /// Whether every character is one of base64url's 64 (no padding).
    package var isBase64URLAlphabet: Bool {
        utf8.allSatisfy { Base64URL.standard($0) != nil }
    }
}

/// Base64url's alphabet, byte by byte.
private enum Base64URL {
    /// A base64url character as base64 writes it (`-` as `+`, `_` as `/`); `nil` for
    /// any byte not of base64url's 64.
    static func standard(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            byte
        case UInt8(ascii: "-"): UInt8(ascii: "+")
        case UInt8(ascii: "_"): UInt8(ascii: "/")
        default: nil
        }
    }
}
