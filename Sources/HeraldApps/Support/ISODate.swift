import Foundation

/// Dates in the API: ISO 8601 text in UTC, read with or without fractional
/// seconds and with any zone offset.
enum ISODate {
    /// `date` as `"2025-01-15T13:00:00Z"`, whole seconds.
    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// The date `text` names, or `nil` if it is not ISO 8601 with a zone.
    static func parse(_ text: String) -> Date? {
        let plain = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return (try? plain.parse(text)) ?? (try? fractional.parse(text))
    }
}
