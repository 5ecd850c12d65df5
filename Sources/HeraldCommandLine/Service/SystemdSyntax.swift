import Foundation

/// Writing values into a unit file by `systemd.syntax(7)` and the command line rules
/// of `systemd.service(5)`, so that systemd reads back exactly the words written.
enum SystemdSyntax {
    /// `word` as one argument of an `ExecStart=` command line (not the first).
    ///
    /// Every argument goes through two substitutions after it is unquoted, so `%`
    /// (specifiers) is written `%%` and `$` (environment variables) `$$`. A word with
    /// white space, a quote, a backslash or a control character, an empty word, and a
    /// lone `;` (which would separate commands) are written in double quotes, inside
    /// which `\` and `"` are escaped and control characters written as C escapes.
    static func argument(_ word: String) -> String {
        let quoted = needsQuoting(word)
        var escaped = ""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "%": escaped += "%%"
            case "$": escaped += "$$"
            default: escaped += quoted ? quotedCharacter(scalar) : String(scalar)
            }
        }
        return quoted ? "\"\(escaped)\"" : escaped
    }

    /// `path` as the program of an `ExecStart=` command line: quoted when it has white
    /// space, `%` written `%%`.
    ///
    /// systemd refuses a program whose path holds a quote, a backslash or a control
    /// character, and versions differ on whether `$` is substituted in it; such
    /// paths are `nil`.
    static func program(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.unicodeScalars.contains(where: isUnsafeInProgram) else { return nil }
        let escaped = path.replacingOccurrences(of: "%", with: "%%")
        return path.unicodeScalars.contains(where: isWhitespace) ? "\"\(escaped)\"" : escaped
    }

    private static func needsQuoting(_ word: String) -> Bool {
        word.isEmpty || word == ";"
            || word.unicodeScalars.contains { isWhitespace($0) || isControl($0) || "\"'\\".unicodeScalars.contains($0) }
    }

    private static func quotedCharacter(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": "\\\\"
        case "\"": "\\\""
        case "\n": "\\n"
        case "\t": "\\t"
        case _ where isControl(scalar): "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: String(scalar)
        }
    }

    private static func isUnsafeInProgram(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || "\"'\\$".unicodeScalars.contains(scalar)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
