import Foundation
import Testing

@testable import HeraldClient

struct WebSocketCodecTests {
    @Test func sha1MatchesTheStandardVectors() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(hex(SHA1.digest(Array(twoBlocks.utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.digest(Array(repeating: UInt8(ascii: "a"), count: 1_000_000)))
            == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func acceptValueIsTheRFCExample() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func maskedFrameIsTheRFCExample() {
        let frame = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))
        #expect(frame.encoded(maskingKey: [0x37, 0xFA, 0x21, 0x3D])
            == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        #expect(frame.encoded(maskingKey: nil) == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    }

    @Test(arguments: [0, 125, 126, 65_535, 65_536, 70_000])
    func lengthsRoundTripThroughTheDecoder(length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        let bytes = WebSocketFrame(opcode: .binary, payload: payload).encoded(maskingKey: nil)
        let headerLength = length < 126 ? 2 : length <= 65_535 ? 4 : 10
        #expect(bytes.count == headerLength + length)
        var decoder = WebSocketFrameDecoder()
        decoder.append(bytes)
        #expect(try decoder.nextFrame() == WebSocketFrame(opcode: .binary, payload: payload))
        #expect(try decoder.nextFrame() == nil)
    }

    @Test func decoderWaitsForWholeFramesFedByteByByte() throws {
        let first = WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8))
        let second = WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8))
        let bytes = first.encoded(maskingKey: nil) + second.encoded(maskingKey: nil)
        var decoder = WebSocketFrameDecoder()
        var frames: [WebSocketFrame] = []
        for byte in bytes {
            decoder.append([byte])
            while let frame = try decoder.nextFrame() { frames.append(frame) }
        }
        #expect(frames == [first, second])
    }

    @Test(arguments: [
        ([0x81, 0x85, 1, 2, 3, 4, 0, 0, 0, 0, 0], UInt16(1002)),  // masked by the server
        ([0xC1, 0x00], 1002),  // RSV1 set
        ([0x83, 0x00], 1002),  // opcode 3 is reserved
        ([0x09, 0x00], 1002),  // a fragmented ping
        ([0x89, 0x7E, 0x00, 0x7E], 1002),  // a ping of 126 bytes
        ([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0], 1002),  // a 64-bit length with its top bit
        ([0x82, 0x7F, 0, 0, 0, 0, 0x10, 0, 0, 0], 1009),  // 256 MiB, over the limit
    ] as [([UInt8], UInt16)])
    func decoderRefusesWhatAClientMustRefuse(bytes: [UInt8], closeCode: UInt16) {
        var decoder = WebSocketFrameDecoder()
        decoder.append(bytes)
        let failure = #expect(throws: WebSocketFailure.self) { try decoder.nextFrame() }
        #expect(failure?.closeCode == closeCode)
    }

    @Test func closeFrameCarriesItsCodeAndReason() {
        let frame = WebSocketFrame.close(code: 1001, reason: "bye")
        #expect(frame.payload == [0x03, 0xE9] + Array("bye".utf8))
        #expect(frame.closeStatus.code == 1001)
        #expect(frame.closeStatus.reason == "bye")
        #expect(WebSocketFrame(opcode: .close).closeStatus.code == 1005)
    }

    @Test func handshakeRequestAndValidation() throws {
        let handshake = WebSocketHandshake(
            authority: "127.0.0.1:7878", target: "/v1/events?app=a", headers: [("Authorization", "Bearer t")],
            key: "dGhlIHNhbXBsZSBub25jZQ==")
        let request = String(decoding: handshake.request, as: UTF8.self)
        #expect(request.hasPrefix("GET /v1/events?app=a HTTP/1.1\r\nHost: 127.0.0.1:7878\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Version: 13\r\n"))
        #expect(request.hasSuffix("\r\nAuthorization: Bearer t\r\n\r\n"))

        let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\nX"
        let (head, bodyStart) = try #require(try HTTPResponseHead.parse(Array(answer.utf8)))
        #expect(head.status == 101)
        #expect(bodyStart == answer.utf8.count - 1)
        try handshake.validate(head, body: [])

        var wrong = head
        wrong.headers["sec-websocket-accept"] = "AAAA"
        #expect(throws: WebSocketHandshakeError.self) { try handshake.validate(wrong, body: []) }
        var refused = head
        refused.status = 401
        #expect(throws: WebSocketHandshakeError.rejected(status: 401, body: [1])) {
            try handshake.validate(refused, body: [1])
        }
    }

    @Test func responseHeadNeedsItsBlankLine() throws {
        #expect(try HTTPResponseHead.parse(Array("HTTP/1.1 101 OK\r\nUpgrade: websocket\r\n".utf8)) == nil)
        #expect(throws: WebSocketHandshakeError.self) { try HTTPResponseHead.parse(Array("SSH-2.0\r\n\r\n".utf8)) }
    }
}
