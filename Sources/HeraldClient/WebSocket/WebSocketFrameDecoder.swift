/// Splits the bytes a server sends into frames (RFC 6455 §5.2), checking what a
/// client must refuse: masked frames, reserved bits, unknown opcodes, control
/// frames that are fragmented or longer than 125 bytes, and frames over the limit.
struct WebSocketFrameDecoder {
    /// The largest payload accepted, in bytes.
    var maximumPayloadLength: Int

    private var buffer: [UInt8] = []
    private var start = 0

    init(maximumPayloadLength: Int = 1 << 24) {
        self.maximumPayloadLength = maximumPayloadLength
    }

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or `nil` until more bytes come.
    mutating func nextFrame() throws(WebSocketFailure) -> WebSocketFrame? {
        guard let header = try parseHeader() else { return nil }
        let end = start + header.length + header.payloadLength
        guard buffer.count >= end else { return nil }
        let payload = Array(buffer[(start + header.length)..<end])
        start = end
        return WebSocketFrame(fin: header.fin, opcode: header.opcode, payload: payload)
    }

    private struct Header {
        var fin: Bool
        var opcode: WebSocketFrame.Opcode
        var length: Int
        var payloadLength: Int
    }

    private func parseHeader() throws(WebSocketFailure) -> Header? {
        guard buffer.count - start >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw WebSocketFailure(1002, "a frame sets reserved bits") }
        guard second & 0x80 == 0 else { throw WebSocketFailure(1002, "the server sent a masked frame") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw WebSocketFailure(1002, "unknown opcode \(first & 0x0F)")
        }
        guard let (length, payloadLength) = try lengths(second & 0x7F) else { return nil }
        let fin = first & 0x80 != 0
        if opcode.isControl, !fin || payloadLength > 125 {
            throw WebSocketFailure(1002, "a control frame is fragmented or longer than 125 bytes")
        }
        return Header(fin: fin, opcode: opcode, length: length, payloadLength: payloadLength)
    }

    /// The header's length and the payload's, or `nil` until the extended length has arrived.
    private func lengths(_ code: UInt8) throws(WebSocketFailure) -> (Int, Int)? {
        let extra = code == 126 ? 2 : code == 127 ? 8 : 0
        guard buffer.count - start >= 2 + extra else { return nil }
        guard extra > 0 else { return (2, Int(code)) }
        let value = buffer[(start + 2)..<(start + 2 + extra)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard value >> 63 == 0 else { throw WebSocketFailure(1002, "a frame length sets its top bit") }
        guard value <= UInt64(maximumPayloadLength) else {
            throw WebSocketFailure(1009, "a frame of \(value) bytes is over the limit of \(maximumPayloadLength)")
        }
        return (2 + extra, Int(value))
    }
}
