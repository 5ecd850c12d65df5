import Foundation
import Testing

@testable import PushService

/// Base64url without padding (RFC 4648 §5), both ways, against RFC 4648 §10's test
/// vectors and bytes that use the two characters base64url changes.
struct Base64URLTests {
    @Test(
        "Bytes written as base64url and read back",
        arguments: [
            ([], ""),
            (Array("f".utf8), "Zg"),
            (Array("fo".utf8), "Zm8"),
            (Array("foo".utf8), "Zm9v"),
            (Array("foob".utf8), "Zm9vYg"),
            (Array("fooba".utf8), "Zm9vYmE"),
            (Array("foobar".utf8), "Zm9vYmFy"),
            ([0xFB, 0xFF], "-_8"),
            ([0xFF, 0xEF, 0xBE], "_---"),
            ([0x00, 0x10, 0x83, 0x10, 0x51, 0x87, 0x20, 0x92, 0x8B, 0x30, 0xD3, 0x8F, 0xF8], "ABCDEFGHIJKLMNOP-A"),
        ] as [([UInt8], String)])
    func roundTrip(bytes: [UInt8], text: String) {
        #expect(Data(bytes).base64URLEncoded == text)
        #expect(Data(base64URL: text) == Data(bytes))
        #expect(text.isBase64URLAlphabet)
    }

    @Test(
        "Text that is not base64url without padding is refused",
        arguments: ["Zg==", "Zm9vYg=", "+_8", "-/8", "Zm9v Yg", "Zm9v\nYg", "Z", "Zm9vY", "Zm9vYmFyé"])
    func refused(text: String) {
        #expect(Data(base64URL: text) == nil)
    }

    @Test("Only base64url's 64 characters are its alphabet", arguments: ["=", "+", "/", " ", "é", "."])
    func alphabet(character: String) {
        #expect(!("Zm9v" + character).isBase64URLAlphabet)
    }
}
