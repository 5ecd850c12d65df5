/// Text made safe to write to a terminal: every character a terminal could act on
/// is written out visibly instead, so an app's title or body cannot move the cursor,
/// retitle the window, forge lines or reorder what follows.
///
/// Escaped, as `\u{…}` in hex: the C0 controls (ESC, CR, BEL, backspace, tab…), DEL,
/// the C1 controls (U+0080–U+009F, CSI and OSC among them), and the bidirectional
/// formatting characters (U+202A–U+202E, U+2066–U+2069). A newline is escaped too,
/// unless the caller keeps newlines for text it lays out itself.
///
/// ```swift
/// TerminalText.escaped("Hi\u{1B}]0;owned\u{07}")   // "Hi\u{1B}]0;owned\u{7}" written out
/// ```
package enum TerminalText {
    /// `text` with every control character written out.
    package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingNewlines: keepingNewlines) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether a terminal could act on `scalar`.
    package static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
