import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

/// Herald's formatter against Foundation's `String(format:)`, on formats and
/// arguments that are safe to hand to Foundation (here, in a test, and only here):
/// the well-formed formats a real app uses, and random ones of the same kind.
@Suite("Localized formats: as Foundation writes them", .offThePool)
struct LocalizedFormatFoundationTests {
    /// What Foundation writes for `format` with `arguments`, each passed as the
    /// type its conversion reads: a `String`, an `Int` or a `Double`.
    static func foundation(_ format: String, _ arguments: [JSONValue]) throws -> String {
        let parsed = try LocalizedFormat(parsing: format, availableArguments: arguments.count)
        var types: [Int: FormatConversion.ArgumentType] = [:]
        for case .conversion(let conversion) in parsed.segments {
            types[conversion.argument] = conversion.argumentType
        }
        let values: [any CVarArg] = try (0..<parsed.argumentCount).map { index in
            switch (try #require(types[index], "every argument is read"), arguments[index]) {
            case (.text, .string(let text)): text
            case (.integer, .number(let number)): Int(number)
            case (.real, .number(let number)): number
            default: throw SafeCaseError()
            }
        }
        return String(format: format, arguments: values)
    }

    struct SafeCaseError: Error {}

    static func herald(_ format: String, _ arguments: [JSONValue]) throws -> String {
        try LocalizedFormat(parsing: format, availableArguments: arguments.count).filled(with: FormatArguments(arguments))
    }

    @Test("The formats real apps use come out as Foundation writes them", arguments: [
        ("%@", ["Anna"]), ("%@ sent you a message", ["Anna"]), ("%d", [42]), ("%d items", [-3]), ("%ld", [1_234_567]),
        ("%lu", [7]), ("%i", [12]), ("%1$@ %2$@", ["Anna", "Ben"]), ("%2$@ %1$@", ["Anna", "Ben"]),
        ("%1$@ shared %2$ld photos", ["Anna", 3]), ("%.2f", [3.14159]), ("%.1f%%", [99.95]), ("%5d", [42]),
        ("%-5d|", [42]), ("%05d", [42]), ("%x", [255]), ("%X", [48879]), ("%#x", [255]), ("%o", [8]), ("%e", [12345.678]),
        ("%g", [0.0001234]), ("%g", [1e20]), ("%%", []), ("100%% done", []), ("%c", [65]), ("%5@|", ["Anna"]),
        ("%f", [2.5]), ("%.0f", [2.5]), ("%+.3e", [-0.000123]), ("%a", [1.5]), ("%.3G", [123456]),
        ("%1$@, %1$@!", ["Hey"]), ("Ünïcödé %@ 😀", ["ß"]), ("%ld%% done", [50]),
    ] as [(String, [JSONValue])])
    func realAppFormats(_ format: String, _ arguments: [JSONValue]) throws {
        #expect(try Self.herald(format, arguments) == Self.foundation(format, arguments), "\(format)")
    }

    @Test("2,000 random formats of the safe kind come out as Foundation writes them")
    func randomSafeFormats() throws {
        var random = SeededGenerator(seed: 0x5EED_F0F0)
        for _ in 0..<2_000 {
            let (format, arguments) = SafeFormats.make(using: &random)
            #expect(try Self.herald(format, arguments) == Self.foundation(format, arguments), "\(format) \(arguments)")
        }
    }
}

/// Random formats Foundation writes as C does and with which passing an app's
/// values is safe: numbered or not, every flag, width and precision up to 20,
/// integers with `l` (64-bit) and a value of any size, reals of any magnitude,
/// printable ASCII characters, and text.
enum SafeFormats {
    static func make(using random: inout SeededGenerator) -> (String, [JSONValue]) {
        let count = Int.random(in: 1...4, using: &random)
        var pieces: [String] = []
        var arguments: [JSONValue] = []
        for _ in 0..<count {
            let (conversion, argument) = conversion(using: &random)
            pieces.append(conversion)
            arguments.append(argument)
        }
        let numbered = Bool.random(using: &random)
        var format = ""
        for (index, piece) in pieces.enumerated() {
            format += ["", " ", "|", "é ", "%% "].randomElement(using: &random)!
            format += "%" + (numbered ? "\(index + 1)$" : "") + piece
        }
        return (format, arguments)
    }

    /// A conversion without its `%`, and an argument for it.
    static func conversion(using random: inout SeededGenerator) -> (String, JSONValue) {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let letter = ["d", "i", "u", "x", "X", "o"].randomElement(using: &random)!
            let value = Double(Int64.random(in: .min ... .max, using: &random) >> Int.random(in: 0...63, using: &random))
            // Int64.max rounds up to 2⁶³ as a double, which Int cannot hold.
            return (flags(using: &random) + size(using: &random) + "l" + letter, .number(min(value, 0x1p62)))
        case 1:
            let letter = ["f", "F", "e", "E", "g", "G", "a", "A"].randomElement(using: &random)!
            return (flags(using: &random) + size(using: &random) + letter, .number(real(using: &random)))
        case 2:
            let padding = ["", "-"].randomElement(using: &random)! + width(using: &random)
            return (padding + "c", .number(Double(Int.random(in: 33...126, using: &random))))
        default:
            // `%#@name@` is a .stringsdict variable, refused.
            let flags = flags(using: &random).filter { $0 != "#" }
            return (flags + size(using: &random) + "@", .string(["", "Anna", "ß😀", "a b"].randomElement(using: &random)!))
        }
    }

    static func flags(using random: inout SeededGenerator) -> String {
        ["-", "+", " ", "#", "0"].filter { _ in Int.random(in: 0..<4, using: &random) == 0 }.joined()
    }

    static func width(using random: inout SeededGenerator) -> String {
        Bool.random(using: &random) ? "" : String(Int.random(in: 1...20, using: &random))
    }

    static func size(using random: inout SeededGenerator) -> String {
        width(using: &random) + (Bool.random(using: &random) ? "" : "." + String(Int.random(in: 0...20, using: &random)))
    }

    /// A double whose integer part Int64 holds exactly as JSON would carry it
    /// (any double is a JSON number), of any magnitude and sign.
    static func real(using random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return [0, -0.0, 1, -1, 0.5, 2.5, .greatestFiniteMagnitude, .leastNonzeroMagnitude].randomElement(using: &random)!
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100
        default:
            let bits = UInt64.random(in: 0 ... .max, using: &random)
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : 1 / 3
        }
    }
}
