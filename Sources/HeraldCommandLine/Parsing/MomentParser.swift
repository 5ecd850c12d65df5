package import Foundation
package import HeraldAPI

/// `--at`: a date and time, `2026-12-01T09:00` or `2026-12-01 09:00:30`, in the
/// local time zone or in the one it names: `Z`, an offset (`+02:00`, `-0500`,
/// `+02`) or a zone name after a space or in brackets (`2026-12-01T09:00 Europe/Paris`).
package enum MomentParser {
    /// A moment as a calendar trigger's fields and its time zone's identifier.
    package struct Moment: Hashable, Sendable {
        package var fields: API.DateFields
        package var timeZone: String
    }

    private static var pattern: Regex<AnyRegexOutput> {
        try! Regex(
            #"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(Z|[+-]\d{2}(?::?\d{2})?|\[[^\]]+\]|[A-Za-z][A-Za-z0-9_+\-/]*)?$"#)
    }

    /// The moment `text` names; without a zone, in `localTimeZone`.
    package static func parse(_ text: String, localTimeZone: TimeZone) throws(CommandLineError) -> Moment {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let match = try? pattern.wholeMatch(in: trimmed) else {
            throw CommandLineError(
                "“\(text)” is not a date and time: write 2026-12-01T09:00, with :SS seconds and a zone (Z, +02:00, Europe/Paris) if you like"
            )
        }
        let numbers = (1...6).map { match.output[$0].substring.flatMap { Int($0) } }
        let fields = API.DateFields(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers[5] ?? 0)
        try check(fields, text)
        let zone = try match.output[7].substring.map { zoneText throws(CommandLineError) in try timeZone(String(zoneText)) }
        return Moment(fields: fields, timeZone: (zone ?? localTimeZone).identifier)
    }

    /// The zone of `Z`, an offset or a name.
    static func timeZone(_ text: String) throws(CommandLineError) -> TimeZone {
        if text == "Z" { return TimeZone(secondsFromGMT: 0)! }
        if let sign = text.first, sign == "+" || sign == "-" { return try offset(text) }
        let name = text.hasPrefix("[") ? String(text.dropFirst().dropLast()) : text
        guard let zone = TimeZone(identifier: name) else {
            throw CommandLineError("“\(name)” is not a time zone name, such as Europe/Paris")
        }
        return zone
    }

    private static func offset(_ text: String) throws(CommandLineError) -> TimeZone {
        let digits = text.dropFirst().filter(\.isNumber)
        let hours = Int(digits.prefix(2)) ?? 0, minutes = Int(digits.dropFirst(2)) ?? 0
        let seconds = (hours * 3_600 + minutes * 60) * (text.first == "-" ? -1 : 1)
        guard hours <= 18, minutes < 60, let zone = TimeZone(secondsFromGMT: seconds) else {
            throw CommandLineError("“\(text)” is not a UTC offset, such as +02:00")
        }
        return zone
    }

    private static func check(_ fields: API.DateFields, _ text: String) throws(CommandLineError) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let date = calendar.date(from: fields.dateComponents)
        let back = date.map { calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: $0) }
        guard let back, back.year == fields.year, back.month == fields.month, back.day == fields.day,
            back.hour == fields.hour, back.minute == fields.minute, back.second == fields.second
        else { throw CommandLineError("“\(text)” is not a real date and time") }
    }
}
