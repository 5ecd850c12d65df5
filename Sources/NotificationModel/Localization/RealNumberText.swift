import Foundation

/// A real number as C's `printf` writes it, by the C library's `vsnprintf`
/// (which Foundation's `String(format:)` also uses for numbers). Its format is
/// never the app's: this writes it from the parsed conversion, as `%` then the
/// flags, `*.*` and the conversion letter, and passes the width (at most
/// ``NotificationLimits/maximumFormatWidth``), the precision (`-1` for none)
/// and the number as its only arguments. Numbers are written in the C locale,
/// with a `.`, whatever locale the process has set.
enum RealNumberText {
    /// The C locale for numbers, for the calling thread while it writes one.
    nonisolated(unsafe) private static let posixNumbers = newlocale(LC_NUMERIC_MASK, "C", nil)

    /// Room for the longest text: a 309-digit integer part, a sign, a point and
    /// a precision of ``NotificationLimits/maximumFormatWidth`` (a width adds
    /// nothing beyond that), with a margin.
    private static let capacity = 400 + 2 * NotificationLimits.maximumFormatWidth

    static func text(
        _ value: Double, style: FormatConversion.RealStyle, uppercase: Bool, flags: FormatConversion.Flags,
        width: Int?, precision: Int?
    ) -> String {
        let format = cFormat(style: style, uppercase: uppercase, flags: flags)
        let limit = NotificationLimits.maximumFormatWidth
        let arguments: [any CVarArg] = [
            Int32(min(width ?? 0, limit)), Int32(precision.map { min($0, limit) } ?? -1), value,
        ]
        let previous = posixNumbers.flatMap { uselocale($0) }
        defer { if let previous { uselocale(previous) } }
        var buffer = [CChar](repeating: 0, count: capacity)
        let count = buffer.withUnsafeMutableBufferPointer { buffer in
            withVaList(arguments) { vsnprintf(buffer.baseAddress, buffer.count, format, $0) }
        }
        guard count >= 0, Int(count) < capacity else { return "" }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `%-+ #0*.*f` with the flags the conversion has and its letter.
    static func cFormat(style: FormatConversion.RealStyle, uppercase: Bool, flags: FormatConversion.Flags) -> String {
        let flagLetters: [(FormatConversion.Flags, String)] = [
            (.leftAligned, "-"), (.plusSign, "+"), (.spaceSign, " "), (.alternate, "#"), (.zeroPadded, "0"),
        ]
        let letter =
            switch style {
            case .fixed: "f"
            case .exponent: "e"
            case .general: "g"
            case .hexadecimal: "a"
            }
        let written = flagLetters.filter { flags.contains($0.0) }.map(\.1).joined()
        return "%" + written + "*.*" + (uppercase ? letter.uppercased() : letter)
    }
}
