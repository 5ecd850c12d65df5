/// SHA-1 (FIPS 180-4), for the one place the WebSocket handshake needs it: the
/// `Sec-WebSocket-Accept` check. Not for security: SHA-1 is broken for signatures.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let padded = pad(message)
        for start in stride(from: 0, to: padded.count, by: 64) {
            compress(padded[start..<start + 64], into: &state)
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    /// `message`, a 1 bit, zeros up to 56 mod 64 bytes, then its bit length.
    private static func pad(_ message: [UInt8]) -> [UInt8] {
        var bytes = message
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bitLength = UInt64(message.count) &* 8
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64($0))) }
        return bytes
    }

    private static func compress(_ block: ArraySlice<UInt8>, into state: inout [UInt32]) {
        var words = [UInt32](repeating: 0, count: 80)
        let base = block.startIndex
        for index in 0..<16 {
            words[index] = (0..<4).reduce(0) { $0 << 8 | UInt32(block[base + 4 * index + $1]) }
        }
        for index in 16..<80 {
            words[index] = rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
        }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for index in 0..<80 {
            let (mixed, constant) = round(index, b, c, d)
            let next = rotate(a, 5) &+ mixed &+ e &+ constant &+ words[index]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
        }
        for (index, value) in [a, b, c, d, e].enumerated() { state[index] &+= value }
    }

    private static func round(_ index: Int, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> (UInt32, UInt32) {
        switch index {
        case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (b ^ c ^ d, 0xCA62_C1D6)
        }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
