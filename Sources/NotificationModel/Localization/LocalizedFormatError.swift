/// Why a ``LocalizedFormat`` cannot be used: what is wrong and where. The
/// ``Validator`` reports it as ``NotificationError/Code/invalidPayload``, naming
/// the localized text and the language.
package struct LocalizedFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `width 20000000 is over 64`.
    package var message: String
    /// Where, as the position of the Unicode scalar in the format (from 1); `nil`
    /// for the format as a whole.
    package var position: Int?

    package init(_ message: String, at position: Int? = nil) {
        self.message = message
        self.position = position
    }

    /// The message with its position: `at character 5: width 20000000 is over 64`.
    package var description: String {
        position.map { "at character \($0): \(message)" } ?? message
    }
}
