import NotificationModel
import Testing

@Suite("Localized formats: filling in")
struct LocalizedFormatRenderingTests {
    /// `format` filled with `arguments`, after checking that its measured length is what it writes.
    static func fill(_ format: String, _ arguments: [JSONValue]) throws -> String {
        let parsed = try LocalizedFormat(parsing: format, availableArguments: arguments.count)
        let text = parsed.filled(with: FormatArguments(arguments))
        #expect(parsed.filledLength(with: FormatArguments(arguments)) == text.unicodeScalars.count, "\(format)")
        return text
    }

    @Test("Integers as C's printf writes them", arguments: [
        ("%d", 42.0, "42"), ("%i", -7, "-7"), ("%+d", 5, "+5"), ("% d", 5, " 5"), ("%+ d", 5, "+5"),
        ("%5d|", 42, "   42|"), ("%-5d|", 42, "42   |"), ("%05d", 42, "00042"), ("%05d", -42, "-0042"),
        ("%-05d|", 42, "42   |"), ("%.3d", 5, "005"), ("%8.3d|", -5, "    -005|"), ("%08.3d", 5, "     005"),
        ("%.0d|", 0, "|"), ("%x", 255, "ff"), ("%X", 255, "FF"), ("%#x", 255, "0xff"), ("%#X", 255, "0XFF"),
        ("%#x", 0, "0"), ("%#08x", 255, "0x0000ff"), ("%#.5x", 255, "0x000ff"), ("%o", 8, "10"), ("%#o", 8, "010"),
        ("%#o", 0, "0"), ("%#.0o", 0, "0"), ("%#.4o", 8, "0010"), ("%u", -1, "18446744073709551615"),
        ("%lx", -1, "ffffffffffffffff"), ("%hhd", 300, "300"), ("%D", -3, "-3"), ("%U", 3, "3"), ("%O", 8, "10"),
        ("%+u", 5, "5"), ("%ld", -9_007_199_254_740_992, "-9007199254740992"),
    ] as [(String, Double, String)])
    func integers(_ format: String, _ value: Double, _ expected: String) throws {
        #expect(try Self.fill(format, [.number(value)]) == expected, "\(format) of \(value)")
    }

    @Test("A number read as an integer is truncated and clamped to 64 bits; nothing traps", arguments: [
        (JSONValue.number(1e300), "%d", "9223372036854775807"), (.number(-1e300), "%d", "-9223372036854775808"),
        (.number(.infinity), "%d", "9223372036854775807"), (.number(-.infinity), "%d", "-9223372036854775808"),
        (.number(.nan), "%d", "0"), (.number(0x1p63), "%d", "9223372036854775807"),
        (.number(-0x1p63), "%d", "-9223372036854775808"), (.number(2.9), "%d", "2"), (.number(-2.9), "%d", "-2"),
        (.number(1e300), "%x", "7fffffffffffffff"), (.number(1e300), "%c", "\u{FFFD}"),
        (.string("12"), "%d", "12"), (.string("-12"), "%d", "-12"), (.string("1e300"), "%d", "9223372036854775807"),
        (.string("2.5"), "%d", "2"), (.string("abc"), "%d", "0"), (.string(""), "%x", "0"), (.bool(true), "%d", "0"),
        (.null, "%d", "0"),
    ])
    func clamping(_ argument: JSONValue, _ format: String, _ expected: String) throws {
        #expect(try Self.fill(format, [argument]) == expected)
    }

    @Test("Reals as C's printf writes them, in the C locale", arguments: [
        ("%f", JSONValue.number(3.14159), "3.141590"), ("%.2f", .number(3.14159), "3.14"),
        ("%8.3f|", .number(-3.14159), "  -3.142|"), ("%-8.1f|", .number(2.25), "2.2     |"),
        ("%+.1f", .number(2), "+2.0"), ("% .1f", .number(2), " 2.0"), ("%010.2f", .number(-1.5), "-000001.50"),
        ("%#.0f", .number(3), "3."), ("%e", .number(12345.678), "1.234568e+04"), ("%E", .number(0.5), "5.000000E-01"),
        ("%g", .number(0.0001234), "0.0001234"), ("%G", .number(1e20), "1E+20"), ("%#g", .number(1), "1.00000"),
        ("%a", .number(1.5), "0x1.8p+0"), ("%A", .number(1.5), "0X1.8P+0"), ("%f", .number(.nan), "nan"),
        ("%F", .number(.infinity), "INF"), ("%010.2f|", .number(-.infinity), "      -inf|"),
        ("%.1f", .string("2.25e1"), "22.5"), ("%f", .string("pi"), "0.000000"), ("%Lf", .number(1.5), "1.500000"),
    ])
    func reals(_ format: String, _ argument: JSONValue, _ expected: String) throws {
        #expect(try Self.fill(format, [argument]) == expected, "\(format)")
    }

    @Test("The longest real fits: %f of the largest double with the largest precision")
    func longestReal() throws {
        let limit = NotificationLimits.maximumFormatWidth
        let text = try Self.fill("%+\(limit).\(limit)f", [.number(-.greatestFiniteMagnitude)])
        #expect(text.count == 1 + 309 + 1 + limit)
        #expect(text.hasPrefix("-179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878"))
    }

    @Test("Characters by their code point; nothing for 0, U+FFFD for what is no code point", arguments: [
        ("%c", 65.0, "A"), ("%C", 0x263A, "☺"), ("%c", 0x1F600, "😀"), ("%c", 0, ""), ("%c", -1, "\u{FFFD}"),
        ("%c", 0xD800, "\u{FFFD}"), ("%c", 0x110000, "\u{FFFD}"), ("%3c|", 65, "  A|"), ("%-3c|", 65, "A  |"),
        ("%03c|", 65, "  A|"),
    ] as [(String, Double, String)])
    func characters(_ format: String, _ value: Double, _ expected: String) throws {
        #expect(try Self.fill(format, [.number(value)]) == expected)
    }

    @Test("Text as it is, numbers without a needless .0; width and precision are ignored as Foundation does", arguments: [
        ("%@", JSONValue.string("Anna"), "Anna"), ("%@", .number(3), "3"), ("%@", .number(2.5), "2.5"),
        ("%@", .number(-0.0), "0"), ("%@", .number(1e300), "1e+300"), ("%10@|", .string("Anna"), "Anna|"),
        ("%-10.2@|", .string("Anna"), "Anna|"), ("%@", .string("%d %@ \u{E000}0\u{E001}"), "%d %@ \u{E000}0\u{E001}"),
    ])
    func objects(_ format: String, _ argument: JSONValue, _ expected: String) throws {
        #expect(try Self.fill(format, [argument]) == expected)
    }

    @Test("Positions pick their argument; one may be read twice or not at all")
    func positions() throws {
        let arguments: [JSONValue] = ["Anna", 3, "unused"]
        #expect(try Self.fill("%2$ld photos from %1$@, %1$@!", arguments) == "3 photos from Anna, Anna!")
        #expect(try Self.fill("%@ sent %ld", arguments) == "Anna sent 3")
    }

    @Test("Filling stops at the limit, whatever the format would write")
    func limit() throws {
        let format = try LocalizedFormat(parsing: String(repeating: "%1$@", count: 10_000), availableArguments: 1)
        let arguments = FormatArguments([.string(String(repeating: "é", count: 10_000))])
        #expect(format.filledLength(with: arguments) == 100_000_000)
        let text = format.filled(with: arguments, limit: 1_024)
        #expect(text.unicodeScalars.count == 1_024)
        #expect(try LocalizedFormat(parsing: "ab%dcd", availableArguments: 1).filled(with: FormatArguments([42]), limit: 3) == "ab4")
    }
}
