package import Foundation
package import HeraldAPI

/// What the `focus` and `summary` commands take as text: times of day (`08:00`),
/// schedules (`mon-fri 09:00-17:00`, `weekends 10:00-12:00`, `daily 22:00-07:00`),
/// allowed apps (`com.example.chat` or `com.example.chat:work,family`) and the end
/// of a Focus switched on by hand (`18:00` or a full ISO 8601 date).
package enum FocusSpecParser {
    private static let dayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let dayGroups: [String: [Int]] = [
        "daily": Array(1...7), "everyday": Array(1...7), "weekdays": [2, 3, 4, 5, 6], "weekends": [1, 7],
    ]

    /// `HH:MM` on a 24-hour clock, written back with two digits each.
    package static func timeOfDay(_ text: String) throws(CommandLineError) -> String {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
            (0...23).contains(hour), (0...59).contains(minute)
        else {
            throw CommandLineError("“\(text)” is not a time of day: write HH:MM on a 24-hour clock, such as 08:00 or 18:30")
        }
        return String(format: "%02d:%02d", hour, minute)
    }

    /// A schedule: days (`mon-fri`, `sat,sun`, `weekdays`, `weekends`, `daily`), a space, `HH:MM-HH:MM`.
    package static func schedule(_ text: String) throws(CommandLineError) -> API.FocusSchedule {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let hours = words.last.map { $0.split(separator: "-", omittingEmptySubsequences: false) } ?? []
        guard words.count == 2, hours.count == 2 else {
            throw CommandLineError("“\(text)” is not a schedule: write days and hours, such as \"mon-fri 09:00-17:00\"")
        }
        return API.FocusSchedule(
            weekdays: try weekdays(String(words[0])), start: try timeOfDay(String(hours[0])),
            end: try timeOfDay(String(hours[1])))
    }

    /// Weekdays, 1 = Sunday … 7 = Saturday, from `mon-fri`, `sat,sun`, `weekdays`, `weekends` or `daily`.
    package static func weekdays(_ text: String) throws(CommandLineError) -> [Int] {
        let lower = text.lowercased()
        if let group = dayGroups[lower] { return group }
        var days = Set<Int>()
        for part in lower.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map { day($0) }
            switch ends.count {
            case 1: if let first = ends[0] { days.insert(first) } else { throw badDays(text) }
            case 2:
                guard let first = ends[0], let last = ends[1] else { throw badDays(text) }
                // A range may wrap past Saturday: fri-mon.
                var current = first
                while true {
                    days.insert(current)
                    if current == last { break }
                    current = current % 7 + 1
                }
            default: throw badDays(text)
            }
        }
        return days.sorted()
    }

    /// A day by its name or the start of it, two letters at least (`mo`, `mon`, `monday`).
    private static func day(_ text: Substring) -> Int? {
        guard text.count >= 2 else { return nil }
        return dayNames.firstIndex { $0.hasPrefix(text) }.map { $0 + 1 }
    }

    private static func badDays(_ text: String) -> CommandLineError {
        CommandLineError("“\(text)” are not days: write mon-fri, sat,sun, weekdays, weekends or daily")
    }

    /// An allowed app: its identifier, with `:` and comma-separated filter criteria for only some of its notifications.
    package static func allowedApp(_ text: String) throws(CommandLineError) -> API.AllowedApp {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let app = parts[0].trimmingCharacters(in: .whitespaces)
        guard !app.isEmpty else { throw CommandLineError("“\(text)” names no app: write APP or APP:criteria,criteria") }
        guard parts.count == 2 else { return API.AllowedApp(app: app) }
        let criteria = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !criteria.isEmpty else { throw CommandLineError("“\(text)” has no filter criteria after “:”") }
        return API.AllowedApp(app: app, criteria: criteria)
    }

    /// The end of a Focus switched by hand: a full ISO 8601 date, or `HH:MM`, the
    /// next such time after `now` in `timeZone`.
    package static func end(_ text: String, after now: Date, in timeZone: TimeZone) throws(CommandLineError) -> Date {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let time = try timeOfDay(text)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = time.split(separator: ":").compactMap { Int($0) }
        guard let next = calendar.nextDate(
            after: now, matching: DateComponents(hour: parts[0], minute: parts[1], second: 0), matchingPolicy: .nextTime)
        else { throw CommandLineError("no \(time) follows \(now)") }
        return next
    }
}
