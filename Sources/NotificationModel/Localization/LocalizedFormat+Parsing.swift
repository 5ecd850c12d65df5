extension LocalizedFormat {
    /// Parses `format`, whose conversions read from `availableArguments` arguments.
    ///
    /// - Throws: ``LocalizedFormatError`` for a `%` that starts no conversion Herald
    ///   formats (`%s`, `%p`, `%n`, `%*d`, a lone `%` at the end…), a width or
    ///   precision over ``NotificationLimits/maximumFormatWidth``, a conversion that
    ///   reads an argument past the last, numbered and unnumbered conversions in one
    ///   format, or an argument read as two types (`%1$@ %1$d`).
    package init(parsing format: String, availableArguments: Int) throws(LocalizedFormatError) {
        var parser = FormatParser(scalars: Array(format.unicodeScalars), available: availableArguments)
        let segments = try parser.parse()
        self.init(segments: segments, argumentCount: parser.argumentCount)
    }
}

/// Reads a format one Unicode scalar at a time, as the conversions'
/// `%[n$][flags][width][.precision][length]conversion`.
private struct FormatParser {
    let scalars: [Unicode.Scalar]
    let available: Int
    var index = 0
    var segments: [LocalizedFormat.Segment] = []
    var literal = String.UnicodeScalarView()
    /// Whether the conversions are numbered (`%1$@`); `nil` before the first.
    var numbered: Bool?
    var nextArgument = 0
    var types: [Int: FormatConversion.ArgumentType] = [:]
    var argumentCount = 0

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func parse() throws(LocalizedFormatError) -> [LocalizedFormat.Segment] {
        while let scalar = current {
            index += 1
            if scalar != "%" {
                literal.append(scalar)
            } else if current == "%" {
                index += 1
                literal.append("%")
            } else {
                try conversion(startingAt: index)
            }
        }
        flushLiteral()
        return segments
    }

    /// Reads the conversion whose `%` is at `start` (counting from 1).
    mutating func conversion(startingAt start: Int) throws(LocalizedFormatError) {
        let position = try argumentPosition()
        let flags = readFlags()
        let widthDigits = number()
        let width = try Self.bounded(widthDigits, "width", at: start)
        var precision: Int?
        if current == "." {
            index += 1
            try refuseStar(at: start)
            let precisionDigits = number() ?? 0
            precision = try Self.bounded(precisionDigits, "precision", at: start)
        }
        try refuseStar(at: start)
        skipLengthModifier()
        guard let letter = current else {
            throw LocalizedFormatError("this % starts no conversion; write %% for a percent sign", at: start)
        }
        index += 1
        let kind = try Self.kind(of: letter, at: index)
        if kind == .object, flags.contains(.alternate) {
            throw LocalizedFormatError("%#@ starts a .stringsdict variable (%#@name@), which is not supported", at: start)
        }
        let argument = try assign(position, as: kind, at: start)
        flushLiteral()
        segments.append(.conversion(FormatConversion(
            argument: argument, flags: flags, width: width, precision: precision, kind: kind)))
    }

    /// `n$` as the index `n - 1`, or `nil` (and nothing read) if the conversion has none.
    mutating func argumentPosition() throws(LocalizedFormatError) -> Int? {
        let start = index
        guard let value = number(), current == "$" else {
            index = start
            return nil
        }
        index += 1
        guard value >= 1 else { throw LocalizedFormatError("argument positions count from 1", at: start + 1) }
        return value - 1
    }

    mutating func readFlags() -> FormatConversion.Flags {
        var flags: FormatConversion.Flags = []
        while let scalar = current {
            switch scalar {
            case "-": flags.insert(.leftAligned)
            case "+": flags.insert(.plusSign)
            case " ": flags.insert(.spaceSign)
            case "#": flags.insert(.alternate)
            case "0": flags.insert(.zeroPadded)
            default: return flags
            }
            index += 1
        }
        return flags
    }

    /// Decimal digits as a number, at most 2³¹ however many there are; `nil` for none.
    mutating func number() -> Int? {
        var value: Int?
        while let scalar = current, let digit = Self.digit(scalar) {
            value = min((value ?? 0) * 10 + digit, 1 << 31)
            index += 1
        }
        return value
    }

    static func digit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value) - 48 : nil
    }

    static func bounded(_ value: Int?, _ name: String, at start: Int) throws(LocalizedFormatError) -> Int? {
        let limit = NotificationLimits.maximumFormatWidth
        guard let value, value > limit else { return value }
        let shown = value >= 1 << 31 ? "of \(1 << 31) or more" : "\(value)"
        throw LocalizedFormatError("\(name) \(shown) is over \(limit), the largest a format may use", at: start)
    }

    func refuseStar(at start: Int) throws(LocalizedFormatError) {
        guard current == "*" else { return }
        throw LocalizedFormatError("a width or precision taken from the arguments (*) is not supported", at: start)
    }

    /// Skips `hh h l ll q L z j t`, which change nothing here.
    mutating func skipLengthModifier() {
        guard let first = current, "hlqLzjt".unicodeScalars.contains(first) else { return }
        index += 1
        if first == "h" || first == "l", current == first { index += 1 }
    }

    /// The conversion a letter names; `position` is where it is, for a message.
    static func kind(of letter: Unicode.Scalar, at position: Int) throws(LocalizedFormatError) -> FormatConversion.Kind {
        switch letter {
        case "@": return .object
        case "d", "i", "D": return .signed
        case "u", "U": return .unsigned(radix: 10, uppercase: false)
        case "o", "O": return .unsigned(radix: 8, uppercase: false)
        case "x", "X": return .unsigned(radix: 16, uppercase: letter == "X")
        case "c", "C": return .character
        case "f", "F": return .real(.fixed, uppercase: letter == "F")
        case "e", "E": return .real(.exponent, uppercase: letter == "E")
        case "g", "G": return .real(.general, uppercase: letter == "G")
        case "a", "A": return .real(.hexadecimal, uppercase: letter == "A")
        case "s", "S": throw LocalizedFormatError("%s reads a C string, which no argument is; use %@", at: position)
        case "p": throw LocalizedFormatError("%p (a pointer) is not supported", at: position)
        case "n": throw LocalizedFormatError("%n is not supported", at: position)
        default: throw LocalizedFormatError("\(named(letter)) is not a conversion; write %% for a percent sign", at: position)
        }
    }

    /// `k` as `"k"`, and a character that is not printable ASCII by its code point.
    static func named(_ scalar: Unicode.Scalar) -> String {
        guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"\(scalar)\""
    }

    /// The argument index of a conversion at `start` with `position` (or the next
    /// one), which it reads as `kind` does.
    mutating func assign(
        _ position: Int?, as kind: FormatConversion.Kind, at start: Int
    ) throws(LocalizedFormatError) -> Int {
        if let numbered, numbered != (position != nil) {
            throw LocalizedFormatError("numbered (%1$@) and unnumbered (%@) conversions are mixed", at: start)
        }
        numbered = position != nil
        let argument = position ?? nextArgument
        if position == nil { nextArgument += 1 }
        guard argument < available else {
            let given = available == 1 ? "1 argument is" : "\(available) arguments are"
            throw LocalizedFormatError("this conversion reads argument \(argument + 1), but \(given) given", at: start)
        }
        let type = kind.argumentType
        if let known = types[argument], known != type {
            throw LocalizedFormatError(
                "argument \(argument + 1) is read as \(type.name) here and as \(known.name) before", at: start)
        }
        types[argument] = type
        argumentCount = max(argumentCount, argument + 1)
        return argument
    }

    mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        segments.append(.text(String(literal)))
        literal = String.UnicodeScalarView()
    }
}

extension FormatConversion.ArgumentType {
    /// For a message: `text (%@)`, `an integer`, `a real number`.
    var name: String {
        switch self {
        case .text: "text (%@)"
        case .integer: "an integer"
        case .real: "a real number"
        }
    }
}
