/// A localized text's printf-style format, parsed: the subset of
/// `String(format:)` that Apple's `localizedUserNotificationString(forKey:arguments:)`
/// formats are written in, read as Unicode scalars and filled in by Herald's own
/// code, never by `String(format:)`.
///
/// A format is text with conversions: `%@` (the argument as text), `%d` `%i`
/// `%D` (a signed integer), `%u` `%U` `%o` `%O` `%x` `%X` (unsigned, in decimal,
/// octal or hexadecimal), `%c` `%C` (a character by its code point), `%f` `%F`
/// `%e` `%E` `%g` `%G` `%a` `%A` (a real number), and `%%` for a percent sign.
/// Between `%` and the conversion come, in this order: an argument position
/// `n$` (counting from 1; a format numbers all its conversions or none), the
/// flags `-` `+` space `#` `0`, a width, a `.precision`, and a length modifier
/// (`hh h l ll q L z j t`), which is accepted and ignored: integers are 64-bit
/// and reals are doubles whatever it says. Width and precision are at most
/// ``NotificationLimits/maximumFormatWidth``. As Foundation does, `%@` ignores
/// width and precision; `%#@`, which starts a `.stringsdict` variable
/// (`%#@files@`) and which Foundation cannot format safely, is refused.
///
/// Arguments are JSON strings and numbers, converted to what the conversion
/// reads: a string read as a number is parsed (`0` if it is none), a number read
/// as an integer is truncated and clamped to 64 bits (NaN is `0`), and a number
/// read as text is written without a needless `.0`. Nothing traps.
package struct LocalizedFormat: Hashable, Sendable {
    /// A run of the format's text, or a conversion.
    package enum Segment: Hashable, Sendable {
        /// Text as it is shown, with `%%` already one `%`.
        case text(String)
        case conversion(FormatConversion)
    }

    /// The format's parts, in order.
    package let segments: [Segment]

    /// How many arguments the format reads: one more than the highest position
    /// it uses, 0 for none.
    package let argumentCount: Int

    init(segments: [Segment], argumentCount: Int) {
        self.segments = segments
        self.argumentCount = argumentCount
    }
}

/// One conversion of a ``LocalizedFormat``, such as `%-5.2f` or `%2$@`.
package struct FormatConversion: Hashable, Sendable {
    /// The flags between `%` and the width.
    package struct Flags: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `-`: padded on the right.
        package static let leftAligned = Flags(rawValue: 1 << 0)
        /// `+`: a plus sign before a positive number.
        package static let plusSign = Flags(rawValue: 1 << 1)
        /// A space: a space before a positive number.
        package static let spaceSign = Flags(rawValue: 1 << 2)
        /// `#`: `0x` before hexadecimal, `0` before octal, a point kept in reals.
        package static let alternate = Flags(rawValue: 1 << 3)
        /// `0`: padded with zeros after the sign rather than with spaces before it.
        package static let zeroPadded = Flags(rawValue: 1 << 4)
    }

    /// How a real number is written.
    package enum RealStyle: Hashable, Sendable {
        /// `%f`: `3.141593`.
        case fixed
        /// `%e`: `3.141593e+00`.
        case exponent
        /// `%g`: the shorter of the two, without trailing zeros.
        case general
        /// `%a`: hexadecimal, `0x1.921fb54442d18p+1`.
        case hexadecimal
    }

    /// What the conversion writes.
    package enum Kind: Hashable, Sendable {
        /// `%@`: the argument as text.
        case object
        /// `%d`, `%i`, `%D`.
        case signed
        /// `%u` (radix 10), `%o` (8), `%x` and `%X` (16), and `%U`, `%O`.
        case unsigned(radix: Int, uppercase: Bool)
        /// `%c`, `%C`: the character whose code point the argument is.
        case character
        /// `%f`, `%e`, `%g`, `%a` and their capitals.
        case real(RealStyle, uppercase: Bool)
    }

    /// What a conversion reads its argument as; a position read as two of
    /// these is refused.
    package enum ArgumentType: String, Hashable, Sendable {
        case text
        case integer
        case real
    }

    /// The argument's index in the arguments, from 0.
    package var argument: Int
    package var flags: Flags
    /// The least number of characters written; `nil` for none.
    package var width: Int?
    /// The precision after `.`; `nil` for none.
    package var precision: Int?
    package var kind: Kind

    /// A conversion of `kind` reading argument `argument` (from 0).
    package init(argument: Int, flags: Flags = [], width: Int? = nil, precision: Int? = nil, kind: Kind) {
        self.argument = argument
        self.flags = flags
        self.width = width
        self.precision = precision
        self.kind = kind
    }

    /// What the conversion reads its argument as.
    package var argumentType: ArgumentType { kind.argumentType }
}

extension FormatConversion.Kind {
    /// What a conversion of this kind reads its argument as.
    package var argumentType: FormatConversion.ArgumentType {
        switch self {
        case .object: .text
        case .signed, .unsigned, .character: .integer
        case .real: .real
        }
    }
}
