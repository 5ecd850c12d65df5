/// One WebSocket frame (RFC 6455 §5.2).
struct WebSocketFrame: Hashable, Sendable {
    /// What a frame carries.
    enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented.
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Whether this is the last frame of its message.
    var fin: Bool
    var opcode: Opcode
    /// The unmasked payload.
    var payload: [UInt8]

    init(fin: Bool = true, opcode: Opcode, payload: [UInt8] = []) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// A close frame with a status code and a UTF-8 reason (§5.5.1).
    static func close(code: UInt16, reason: String = "") -> WebSocketFrame {
        WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123)))
    }

    /// The bytes on the wire; a client masks every frame with a 4-byte key (§5.3).
    func encoded(maskingKey: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
        switch payload.count {
        case 0..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (56 - 8 * UInt64($0))) }
        }
        guard let maskingKey else { return bytes + payload }
        bytes += maskingKey
        bytes += payload.enumerated().map { $0.element ^ maskingKey[$0.offset % 4] }
        return bytes
    }

    /// The status code and reason of a close frame's payload; 1005 (no status) when it has none.
    var closeStatus: (code: UInt16, reason: String) {
        guard payload.count >= 2 else { return (1005, "") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        return (code, String(decoding: payload.dropFirst(2), as: UTF8.self))
    }
}

/// Why a WebSocket connection failed: the close code to send and a sentence.
struct WebSocketFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The close status code (RFC 6455 §7.4.1): 1002 protocol error, 1007 bad
    /// UTF-8, 1009 too big, 1006 connection lost (never sent).
    var closeCode: UInt16
    var message: String

    init(_ closeCode: UInt16, _ message: String) {
        self.closeCode = closeCode
        self.message = message
    }

    var description: String { "WebSocket error \(closeCode): \(message)" }
}
