import Foundation
package import HeraldAPI

/// `--calendar`: the fields a calendar trigger matches, as `key=value` words
/// separated by spaces or commas: `hour=8 minute=0`, `weekday=mon hour=9`,
/// `month=12 day=25 hour=7 tz=Europe/Paris`. Keys: `year month day hour minute
/// second weekday tz`; a weekday is 1 (Sunday) to 7 or a name (`mon`, `monday`).
package enum CalendarSpecParser {
    /// The fields, and the time zone named by `tz` (`nil` floats with the daemon's zone).
    package struct Spec: Hashable, Sendable {
        package var fields: API.DateFields
        package var timeZone: String?
    }

    private static let ranges: KeyValuePairs<String, ClosedRange<Int>> = [
        "year": 1...9_999, "month": 1...12, "day": 1...31, "hour": 0...23, "minute": 0...59, "second": 0...59,
        "weekday": 1...7,
    ]

    private static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    package static func parse(_ text: String) throws(CommandLineError) -> Spec {
        var values: [String: Int] = [:]
        var timeZone: String?
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw CommandLineError("“\(word)” is not key=value, such as hour=8")
            }
            let key = parts[0].lowercased()
            let isZone = key == "tz" || key == "timezone"
            guard values[key] == nil, !(isZone && timeZone != nil) else {
                throw CommandLineError("--calendar names \(key) twice")
            }
            if isZone {
                timeZone = try MomentParser.timeZone(parts[1]).identifier
            } else {
                values[key] = try value(of: key, parts[1])
            }
        }
        guard !values.isEmpty else {
            throw CommandLineError("--calendar needs at least one of year month day hour minute second weekday")
        }
        let fields = API.DateFields(
            year: values["year"], month: values["month"], day: values["day"], hour: values["hour"],
            minute: values["minute"], second: values["second"], weekday: values["weekday"])
        return Spec(fields: fields, timeZone: timeZone)
    }

    private static func value(of key: String, _ text: String) throws(CommandLineError) -> Int {
        guard let range = ranges.first(where: { $0.key == key })?.value else {
            let known = ranges.map(\.key).joined(separator: " ")
            throw CommandLineError("--calendar has no key “\(key)”; the keys are \(known) tz")
        }
        let number = Int(text) ?? (key == "weekday" ? weekdayNumber(text) : nil)
        guard let number, range.contains(number) else {
            let hint = key == "weekday" ? " or a day name such as mon" : ""
            throw CommandLineError("\(key)=\(text) is out of range: \(key) is \(range.lowerBound)–\(range.upperBound)\(hint)")
        }
        return number
    }

    private static func weekdayNumber(_ name: String) -> Int? {
        let lower = name.lowercased()
        guard lower.count >= 3 else { return nil }
        return weekdays.firstIndex { lower.hasPrefix($0) && fullName($0).hasPrefix(lower) }.map { $0 + 1 }
    }

    private static func fullName(_ prefix: String) -> String {
        ["sun": "sunday", "mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday",
         "sat": "saturday"][prefix] ?? prefix
    }
}
