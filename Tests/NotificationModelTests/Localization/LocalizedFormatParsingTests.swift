import NotificationModel
import Testing

@Suite("Localized formats: parsing")
struct LocalizedFormatParsingTests {
    static func parse(_ format: String, arguments: Int = 8) throws(LocalizedFormatError) -> LocalizedFormat {
        try LocalizedFormat(parsing: format, availableArguments: arguments)
    }

    /// The error parsing `format` gives, or `nil` if it parses.
    static func error(_ format: String, arguments: Int = 8) -> LocalizedFormatError? {
        do {
            _ = try parse(format, arguments: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test("Text and conversions come apart in order, %% as one percent sign")
    func segments() throws {
        let format = try Self.parse("%@ has %ld%% of %.2f")
        #expect(format.segments == [
            .conversion(FormatConversion(argument: 0, flags: [], width: nil, precision: nil, kind: .object)),
            .text(" has "),
            .conversion(FormatConversion(argument: 1, flags: [], width: nil, precision: nil, kind: .signed)),
            .text("% of "),
            .conversion(FormatConversion(
                argument: 2, flags: [], width: nil, precision: 2, kind: .real(.fixed, uppercase: false))),
        ])
        #expect(format.argumentCount == 3)
    }

    @Test("Flags, width, precision and position are read; length modifiers are skipped")
    func conversionParts() throws {
        let format = try Self.parse("%2$-+ #012.5llx")
        #expect(format.segments == [
            .conversion(FormatConversion(
                argument: 1, flags: [.leftAligned, .plusSign, .spaceSign, .alternate, .zeroPadded], width: 12,
                precision: 5, kind: .unsigned(radix: 16, uppercase: false))),
        ])
        #expect(format.argumentCount == 2, "the highest position read")
        for modifier in ["hh", "h", "l", "ll", "q", "L", "z", "j", "t"] {
            #expect(Self.error("%\(modifier)d") == nil, "%\(modifier)d")
        }
        #expect(try Self.parse("%.f").segments == [
            .conversion(FormatConversion(argument: 0, flags: [], precision: 0, kind: .real(.fixed, uppercase: false))),
        ], "a point without digits is precision 0")
    }

    @Test("Every conversion of Apple's subset parses to its kind", arguments: [
        ("@", FormatConversion.Kind.object), ("d", .signed), ("i", .signed), ("D", .signed),
        ("u", .unsigned(radix: 10, uppercase: false)), ("U", .unsigned(radix: 10, uppercase: false)),
        ("o", .unsigned(radix: 8, uppercase: false)), ("O", .unsigned(radix: 8, uppercase: false)),
        ("x", .unsigned(radix: 16, uppercase: false)), ("X", .unsigned(radix: 16, uppercase: true)),
        ("c", .character), ("C", .character),
        ("f", .real(.fixed, uppercase: false)), ("F", .real(.fixed, uppercase: true)),
        ("e", .real(.exponent, uppercase: false)), ("E", .real(.exponent, uppercase: true)),
        ("g", .real(.general, uppercase: false)), ("G", .real(.general, uppercase: true)),
        ("a", .real(.hexadecimal, uppercase: false)), ("A", .real(.hexadecimal, uppercase: true)),
    ])
    func kinds(_ letter: String, _ kind: FormatConversion.Kind) throws {
        #expect(try Self.parse("%" + letter).segments == [.conversion(FormatConversion(argument: 0, flags: [], kind: kind))])
    }

    @Test("What Herald does not format is refused, with where and why", arguments: [
        ("%s", "C string"), ("%S", "C string"), ("%p", "pointer"), ("%n", "%n"), ("%k", "\"k\" is not a conversion"),
        ("100% sure", "C string"), ("100%", "starts no conversion"), ("%*d", "(*)"), ("%.*f", "(*)"),
        ("%5%", "\"%\" is not a conversion"), ("%#@count@", ".stringsdict"), ("%0$@", "count from 1"), ("%\u{301}d", "U+0301"),
    ])
    func refused(_ format: String, _ fragment: String) {
        let error = Self.error(format)
        #expect(error?.description.contains(fragment) == true, "\(format): \(String(describing: error))")
        #expect(error?.position != nil)
    }

    @Test("A width or precision over the limit is refused, however many digits it has")
    func widthLimit() throws {
        let limit = NotificationLimits.maximumFormatWidth
        #expect(Self.error("%\(limit)d|%.\(limit)f|%\(limit).\(limit)e") == nil)
        #expect(Self.error("%\(limit + 1)d")?.message == "width \(limit + 1) is over \(limit), the largest a format may use")
        #expect(Self.error("%.\(limit + 1)f")?.message.hasPrefix("precision \(limit + 1) is over") == true)
        #expect(Self.error("%20000000d")?.message.hasPrefix("width 20000000 is over") == true)
        let huge = Self.error("%" + String(repeating: "9", count: 5_000) + "d")
        #expect(huge?.message.hasPrefix("width of 2147483648 or more is over") == true)
    }

    @Test("A position read as two types is refused; read twice as one type it is fine")
    func positionTypes() {
        #expect(Self.error("%1$@ %1$d")?.description == "at character 6: argument 1 is read as an integer here and as text (%@) before")
        #expect(Self.error("%1$lx %1$@")?.message.contains("read as text (%@) here and as an integer before") == true)
        #expect(Self.error("%1$f %1$d") != nil)
        #expect(Self.error("%1$d %1$x %1$ld %1$c") == nil, "every integer conversion reads an integer")
        #expect(Self.error("%1$@ %1$@") == nil)
    }

    @Test("Numbered and unnumbered conversions are not mixed; numbered ones may skip or repeat")
    func numbering() throws {
        #expect(Self.error("%@ %2$@")?.message.contains("mixed") == true)
        #expect(Self.error("%1$@ %@")?.message.contains("mixed") == true)
        #expect(try Self.parse("%3$@", arguments: 3).argumentCount == 3)
        #expect(try Self.parse("%2$@ %1$@ %2$@", arguments: 2).argumentCount == 2)
    }

    @Test("A conversion that reads past the last argument is refused")
    func tooFewArguments() {
        #expect(Self.error("%@ and %@", arguments: 1)?.description
            == "at character 8: this conversion reads argument 2, but 1 argument is given")
        #expect(Self.error("%3$@", arguments: 2)?.message.contains("argument 3, but 2 arguments are given") == true)
        #expect(Self.error("%@", arguments: 0) != nil)
        #expect(Self.error("%99999999999999999999$@") != nil)
        #expect(Self.error("no conversions, 100%%", arguments: 0) == nil)
        #expect(Self.error("50% off", arguments: 0)?.message.contains("reads argument 1") == true, "`% o` is octal")
    }

    @Test("Conversions are found by Unicode scalar, whatever characters they join")
    func scalars() throws {
        // U+0600 joins the `%` after it into one Character; a format is read by scalar.
        let hidden = String(repeating: "\u{600}%@", count: 8)
        #expect(Self.error(hidden, arguments: 0)?.message.contains("reads argument 1, but 0 arguments are given") == true)
        #expect(try Self.parse(hidden, arguments: 8).argumentCount == 8)
        #expect(try Self.parse("e\u{301}%@é").segments.count == 3)
    }
}
