import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

/// Random formats and arguments, hostile ones among them: nothing traps, what is
/// written is bounded, what is measured is what is written, and what the
/// ``Validator`` accepts stays within the limits once filled in.
@Suite("Localized formats: random input", .offThePool)
struct LocalizedFormatFuzzTests {
    /// Pieces random formats are made of: conversions whole and in parts, flags,
    /// huge numbers, characters that join others, and markers.
    static let pieces = [
        "%", "%", "%", "%%", "%@", "%d", "%1$", "%2$", "$", "1", "2", "0", "9", "64", "65", "99999999999", ".", "-",
        "+", " ", "#", "*", "l", "ll", "h", "q", "L", "z", "d", "i", "u", "x", "X", "o", "c", "C", "f", "e", "g",
        "a", "A", "@", "s", "S", "n", "p", "D", "k", "\u{600}", "\u{301}", "\u{200D}", "\u{E000}", "\u{E001}",
        "\u{E000}0\u{E001}", "é", "😀", "text ",
    ]

    static let arguments: [JSONValue] = [
        "", "Anna", "%@%d%n", "\u{E000}0\u{E001}", .string(String(repeating: "ü", count: 3_000)), 0, -1, 2.5, 1e300,
        -1e300, 0x1p63, .number(.nan), .number(.infinity), .number(-.infinity), .number(.greatestFiniteMagnitude),
        .number(.leastNonzeroMagnitude), "1e300",
        "12", true, .null, ["a"],
    ]

    static func format(using random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func arguments(using random: inout SeededGenerator) -> [JSONValue] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in arguments.randomElement(using: &random)! }
    }

    @Test("5,000 random formats: parsed or refused, never a trap; filled in as long as measured, never past the limit")
    func formats() {
        var random = SeededGenerator(seed: 35)
        var parsed = 0
        for _ in 0..<5_000 {
            let format = Self.format(using: &random)
            let values = Self.arguments(using: &random)
            guard let result = try? LocalizedFormat(parsing: format, availableArguments: values.count) else { continue }
            parsed += 1
            let arguments = FormatArguments(values)
            let length = result.filledLength(with: arguments)
            let limit = Int.random(in: 0...2_000, using: &random)
            let cut = result.filled(with: arguments, limit: limit)
            #expect(cut.unicodeScalars.count == min(length, limit), "\(format.debugDescription) \(values)")
            if length <= 200_000 {
                #expect(result.filled(with: arguments).unicodeScalars.count == length)
            }
        }
        #expect(parsed > 500, "enough random formats parse to test filling them in")
    }

    @Test("2,000 random localized contents: the Validator accepts or refuses with a typed error; what it accepts fills in within the limits, as long as it measured")
    func contents() {
        var random = SeededGenerator(seed: 0xF022)
        var accepted = 0
        for _ in 0..<2_000 {
            let content = Self.content(using: &random)
            do {
                try ValidationFixtures.validate(ValidationFixtures.request(content: content))
            } catch {
                #expect([.invalidPayload, .payloadTooLarge, .invalidNoContent].contains(error.code), "\(error)")
                Self.expectBounded(content.localized(for: ["de", "en"]))
                continue
            }
            accepted += 1
            for languages in [["de"], ["en"], ["fr"], []] {
                let localized = content.localized(for: languages) { problem in
                    Issue.record("a checked content needed no repair: \(problem)")
                }
                Self.expectBounded(localized)
            }
        }
        #expect(accepted > 200, "enough random contents are accepted to test them")
    }

    static func expectBounded(_ content: NotificationContent, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(content.title.unicodeScalars.count <= NotificationLimits.maximumTitleLength, sourceLocation: sourceLocation)
        #expect(content.subtitle.unicodeScalars.count <= NotificationLimits.maximumSubtitleLength, sourceLocation: sourceLocation)
        #expect(content.body.unicodeScalars.count <= NotificationLimits.maximumBodyLength, sourceLocation: sourceLocation)
        #expect(content.localizations.isEmpty, sourceLocation: sourceLocation)
    }

    /// Content whose title, subtitle and body hold random markers (a few of no
    /// localized text), of localized texts whose formats and keys are random or
    /// what apps write, with random arguments.
    static func content(using random: inout SeededGenerator) -> NotificationContent {
        let localizations = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            // Mostly arguments an app may send; now and then any.
            var arguments = arguments(using: &random)
            if Int.random(in: 0..<4, using: &random) > 0 { arguments = arguments.filter(\.isValidArgument) }
            func text(_ name: String) -> String {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: format(using: &random)
                case 1: arguments.count >= 2 ? "%1$@ %2$ld \(name)" : "%% \(name)"
                case 2: String(repeating: "%@ ", count: arguments.count) + name
                default: name
                }
            }
            var formats: [String: String] = [:]
            for language in ["de", "en", "pt-BR"] where Bool.random(using: &random) {
                formats[language] = text(language)
            }
            return LocalizedString(key: text("KEY"), arguments: arguments, formats: formats)
        }
        // One content in ten may have markers of no localized text.
        let indices = localizations.count + (Int.random(in: 0..<10, using: &random) == 0 ? 1 : 0)
        func text(_ markers: Int) -> String {
            (0..<Int.random(in: 0...markers, using: &random)).map { _ in
                Bool.random(using: &random) ? LocalizedString.marker(Int.random(in: 0..<indices, using: &random)) : "x"
            }.joined()
        }
        return NotificationContent(
            title: text(60), subtitle: text(8), body: text(300), sound: .default, localizations: localizations)
    }
}

extension JSONValue {
    /// A string or a finite number, as localized texts' arguments must be.
    var isValidArgument: Bool {
        switch self {
        case .string: true
        case .number(let number): number.isFinite
        default: false
        }
    }
}
