/// HTTP/2 frames written and read by hand (RFC 9113 §4.1), for what no client
/// library sends: floods of resets, PINGs and SETTINGS, streams left open.
enum HTTP2Frames {
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    enum Kind: UInt8 {
        case data = 0, headers = 1, rstStream = 3, settings = 4, ping = 6, goAway = 7
    }

    /// One frame: 24-bit length, type, flags, 31-bit stream id, payload.
    static func frame(_ kind: Kind, flags: UInt8 = 0, stream: UInt32 = 0, _ payload: [UInt8] = []) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff), kind.rawValue, flags]
            + bigEndian(stream) + payload
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    /// `POST /` over `http`, HPACK-encoded from the static table (indices 3, 6 and 4),
    /// ending the header block and, if `endStream`, the request.
    static func request(stream: UInt32, endStream: Bool) -> [UInt8] {
        frame(.headers, flags: 0x4 | (endStream ? 0x1 : 0), stream: stream, [0x83, 0x86, 0x84])
    }

    /// `RST_STREAM` with CANCEL (8).
    static func cancel(stream: UInt32) -> [UInt8] {
        frame(.rstStream, stream: stream, bigEndian(8))
    }

    /// The frames in `bytes` (a partial last one left out): type, stream and payload.
    static func parse(_ bytes: [UInt8]) -> [(kind: UInt8, stream: UInt32, payload: [UInt8])] {
        var frames: [(kind: UInt8, stream: UInt32, payload: [UInt8])] = []
        var offset = 0
        while offset + 9 <= bytes.count {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            guard offset + 9 + length <= bytes.count else { break }
            let stream = bytes[offset + 5..<offset + 9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
            frames.append((bytes[offset + 3], stream, Array(bytes[offset + 9..<offset + 9 + length])))
            offset += 9 + length
        }
        return frames
    }

    /// The error code of the first GOAWAY in `bytes`, if there is one.
    static func goAwayError(in bytes: [UInt8]) -> UInt32? {
        parse(bytes).first { $0.kind == Kind.goAway.rawValue }.map { frame in
            frame.payload[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
    }
}
