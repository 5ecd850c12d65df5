import Foundation
import HeraldAPI

/// Writes the commands' output unbuffered, so `herald watch` in a pipe shows each
/// event as it comes.
package enum Console {
    /// Writes `text` to standard output as it is.
    package static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a line to standard error.
    package static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// `value` as the API's JSON: sorted keys, ISO 8601 dates; indented unless `compact`.
    package static func json(_ value: some Encodable, compact: Bool = false) throws -> String {
        let encoder = API.encoder()
        if !compact { encoder.outputFormatting.insert(.prettyPrinted) }
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
