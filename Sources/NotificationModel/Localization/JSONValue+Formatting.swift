extension JSONValue {
    /// The value as text: a string as it is, a number without a needless `.0`.
    var plainText: String {
        switch self {
        case .string(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): String(flag)
        case .null: ""
        case .array, .object: ""
        }
    }

    /// The value as an integer conversion reads it: a number truncated toward
    /// zero and clamped to 64 bits (NaN is 0), a string parsed as a number, 0 for
    /// anything else.
    var formatInteger: Int64 {
        switch self {
        case .number(let number): Self.clamped(number)
        case .string(let text): Int64(text) ?? Double(text).map(Self.clamped) ?? 0
        default: 0
        }
    }

    /// The value as a real conversion reads it: a number as it is, a string
    /// parsed as a number, 0 for anything else.
    var formatReal: Double {
        switch self {
        case .number(let number): number
        case .string(let text): Double(text) ?? 0
        default: 0
        }
    }

    /// `number` truncated toward zero, clamped to `Int64`'s range; NaN is 0.
    static func clamped(_ number: Double) -> Int64 {
        if number.isNaN { return 0 }
        // 2⁶³ is the first double over Int64.max; -2⁶³ is Int64.min exactly.
        if number >= 0x1p63 { return .max }
        if number <= -0x1p63 { return .min }
        return Int64(number.rounded(.towardZero))
    }
}
