import Foundation
import HeraldAPI
import NotificationModel

/// Writes the commands' output unbuffered, so `herald watch` in a pipe shows each
/// event as it comes.
package enum Console {
    /// Writes `text` to standard output, its line breaks kept and every other control
    /// character written out (``TerminalText``): what the daemon sends cannot drive the terminal.
    package static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.escaped(text, keepingNewlines: true).utf8))
    }

    /// Writes a line to standard error, every control character in it written out.
    package static func error(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
    }

    /// `value` as the API's JSON: sorted keys, ISO 8601 dates; indented unless `compact`.
    package static func json(_ value: some Encodable, compact: Bool = false) throws -> String {
        let encoder = API.encoder()
        if !compact { encoder.outputFormatting.insert(.prettyPrinted) }
        return jsonEscapingControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// JSON text with the characters a terminal acts on that JSON leaves raw (DEL, the
    /// C1 controls, bidirectional formatting) written as `\uXXXX`: the same JSON value.
    static func jsonEscapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && TerminalText.needsEscape($0) }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F && TerminalText.needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
