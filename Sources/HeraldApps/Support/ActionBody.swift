import Foundation
import NotificationModel

/// The JSON body of an action, read field by field; a missing or mistyped
/// field is an `invalidInput` ``HeraldAppError`` that names it.
struct ActionBody {
    private let fields: [String: JSONValue]

    /// The body of an action that takes fields: a JSON object.
    init(_ body: JSONValue) throws(HeraldAppError) {
        guard case .object(let fields) = body else {
            throw .invalidInput("the body must be a JSON object")
        }
        self.fields = fields
    }

    /// A string field, trimmed of surrounding white space, not empty and at most
    /// `maximumLength` characters long.
    func text(_ name: String, maximumLength: Int) throws(HeraldAppError) -> String {
        guard let value = fields[name] else { throw .invalidInput("\"\(name)\" is missing") }
        guard case .string(let raw) = value else { throw .invalidInput("\"\(name)\" must be a string") }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .invalidInput("\"\(name)\" is empty") }
        guard text.count <= maximumLength else {
            throw .invalidInput("\"\(name)\" is longer than \(maximumLength) characters")
        }
        return text
    }

    /// A string field taken as it is, without trimming.
    func identifier(_ name: String) throws(HeraldAppError) -> String {
        guard let value = fields[name] else { throw .invalidInput("\"\(name)\" is missing") }
        guard case .string(let text) = value, !text.isEmpty else {
            throw .invalidInput("\"\(name)\" must be a non-empty string")
        }
        return text
    }

    /// A date field: an ISO 8601 string with a time zone, such as
    /// `"2025-01-15T14:00:00Z"` or `"2025-01-15T15:00:00.000+01:00"`.
    func date(_ name: String) throws(HeraldAppError) -> Date {
        guard let value = fields[name] else { throw .invalidInput("\"\(name)\" is missing") }
        guard case .string(let text) = value, let date = ISODate.parse(text) else {
            throw .invalidInput("\"\(name)\" must be an ISO 8601 date and time with a zone, like 2025-01-15T14:00:00Z")
        }
        return date
    }
}

/// An action that takes no fields accepts `null` (an empty body) or `{}`.
func requireEmpty(_ body: JSONValue) throws(HeraldAppError) {
    switch body {
    case .null: return
    case .object(let fields) where fields.isEmpty: return
    default: throw .invalidInput("this action takes no body")
    }
}
