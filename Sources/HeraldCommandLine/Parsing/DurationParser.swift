import Foundation
/// Durations as people type them: `90` (seconds), `90s`, `15m`, `2h`, `1d`, and
/// combinations such as `1h30m`; each number may have a fraction (`1.5h`).
package enum DurationParser {
    private static let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]

    /// The duration in seconds.
    package static func seconds(_ text: String) throws(CommandLineError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let plain = Double(trimmed) {
            return plain
        }
        var total = 0.0, number = "", seen = Set<Character>()
        for character in trimmed {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
            } else if let unit = units[character], let value = Double(number), !seen.contains(character) {
                total += value * unit
                seen.insert(character)
                number = ""
            } else {
                throw invalid(text)
            }
        }
        guard number.isEmpty, !seen.isEmpty, total.isFinite else { throw invalid(text) }
        return total
    }

    private static func invalid(_ text: String) -> CommandLineError {
        CommandLineError("“\(text)” is not a duration: write 90, 90s, 15m, 2h, 1d or 1h30m")
    }
}
