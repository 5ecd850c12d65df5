extension FormatConversion {
    /// What the conversion writes for `arguments`.
    func text(for arguments: FormatArguments) -> String {
        switch kind {
        case .object:
            // As Foundation does, `%@` ignores width and precision.
            arguments.text(argument).text
        case .signed, .unsigned:
            integerText(arguments[argument].formatInteger)
        case .character:
            characterText(arguments[argument].formatInteger)
        case .real(let style, let uppercase):
            RealNumberText.text(
                arguments[argument].formatReal, style: style, uppercase: uppercase, flags: flags, width: width,
                precision: precision)
        }
    }

    /// How many Unicode scalars ``text(for:)`` writes, without copying an argument's text.
    func length(for arguments: FormatArguments) -> Int {
        guard case .object = kind else { return text(for: arguments).unicodeScalars.count }
        return arguments.text(argument).length
    }

    /// `value` as C's printf writes it for the conversion: `%d` signed, `%u` `%o`
    /// `%x` as the unsigned 64-bit pattern; the precision is the least number of
    /// digits (none for 0 with precision 0); `#` puts `0x` before hexadecimal
    /// other than 0, and `0` before octal.
    func integerText(_ value: Int64) -> String {
        var sign = ""
        var prefix = ""
        var digits: String
        switch kind {
        case .unsigned(let radix, let uppercase):
            let bits = UInt64(bitPattern: value)
            digits = String(bits, radix: radix, uppercase: uppercase)
            if radix == 16, flags.contains(.alternate), bits != 0 { prefix = uppercase ? "0X" : "0x" }
        default:
            digits = String(value.magnitude)
            sign = value < 0 ? "-" : flags.contains(.plusSign) ? "+" : flags.contains(.spaceSign) ? " " : ""
        }
        if let precision {
            if precision == 0, value == 0 { digits = "" }
            digits = String(repeating: "0", count: max(0, precision - digits.count)) + digits
        }
        if case .unsigned(radix: 8, uppercase: _) = kind, flags.contains(.alternate), !digits.hasPrefix("0") {
            digits = "0" + digits
        }
        return padded(sign + prefix, digits, zerosAllowed: precision == nil)
    }

    /// The character whose code point `value` is: nothing for 0 (as C writes
    /// none), U+FFFD for a number that is no code point.
    func characterText(_ value: Int64) -> String {
        guard value != 0 else { return padded("", "", zerosAllowed: false) }
        let scalar = UInt32(exactly: value).flatMap { Unicode.Scalar($0) } ?? "\u{FFFD}"
        return padded("", String(scalar), zerosAllowed: false)
    }

    /// `lead` (a sign, `0x`) and `body` padded to the width: with spaces on the
    /// right for `-`, with zeros between them for `0` where allowed, else with
    /// spaces on the left.
    func padded(_ lead: String, _ body: String, zerosAllowed: Bool) -> String {
        let length = lead.unicodeScalars.count + body.unicodeScalars.count
        guard let width, width > length else { return lead + body }
        let padding = width - length
        if flags.contains(.leftAligned) { return lead + body + String(repeating: " ", count: padding) }
        if zerosAllowed, flags.contains(.zeroPadded) { return lead + String(repeating: "0", count: padding) + body }
        return String(repeating: " ", count: padding) + lead + body
    }
}
