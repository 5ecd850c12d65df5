package import Foundation

extension TriggerSchedule {
    /// Whether some date matches `components` (their `calendar` and `timeZone`
    /// aside): they ask for something, each value is in its Gregorian range, and
    /// the combination exists (February 30 never does; February 29 of a fixed
    /// common year neither). A match may lie in the past: whether one is still to
    /// come is ``firstFireDate(for:addedAt:)``'s answer.
    package func canMatch(_ components: DateComponents) -> Bool {
        matchProblem(components) == nil
    }

    /// Why no date can match `components`, in words; `nil` when some date can.
    package func matchProblem(_ components: DateComponents) -> String? {
        guard Self.matchingRanges.contains(where: { components.value(for: $0.unit) != nil }) else {
            return "the date components are empty: they need at least one of \(Self.unitNames)"
        }
        if components.isLeapMonth == true {
            return "a Gregorian month is never a leap month"
        }
        if let problem = Self.rangeProblem(components) {
            return problem
        }
        let matcher = CalendarMatcher(components, schedule: self)
        guard matcher.firstMatch(after: searchStart(for: matcher)) != nil else {
            return "no date matches \(Self.describe(components))"
        }
        return nil
    }

    /// Each component a trigger can match on, with its name and Gregorian range.
    static let matchingRanges: [(unit: Calendar.Component, name: String, range: ClosedRange<Int>)] = [
        (.era, "era", 0...1),
        (.year, "year", 1...9_999),
        (.yearForWeekOfYear, "yearForWeekOfYear", 1...9_999),
        (.quarter, "quarter", 1...4),
        (.month, "month", 1...12),
        (.weekOfYear, "weekOfYear", 1...53),
        (.weekOfMonth, "weekOfMonth", 1...6),
        (.day, "day", 1...31),
        (.weekday, "weekday", 1...7),
        (.weekdayOrdinal, "weekdayOrdinal", 1...5),
        (.hour, "hour", 0...23),
        (.minute, "minute", 0...59),
        (.second, "second", 0...59),
        (.nanosecond, "nanosecond", 0...999_999_999),
    ]

    static var unitNames: String {
        matchingRanges.map(\.name).joined(separator: ", ")
    }

    static func rangeProblem(_ components: DateComponents) -> String? {
        for (unit, name, range) in matchingRanges {
            guard let value = components.value(for: unit), !range.contains(value) else { continue }
            return "\(name) \(value) is outside \(range.lowerBound)…\(range.upperBound)"
        }
        return nil
    }

    /// The components a trigger matches on, as in "month 2, day 30".
    static func describe(_ components: DateComponents) -> String {
        matchingRanges.compactMap { unit, name, _ in
            components.value(for: unit).map { "\(name) \($0)" }
        }.joined(separator: ", ")
    }

    /// Where a search for any match starts: before the earliest fixed year, or
    /// at 2000-01-01 when no year is fixed (every other combination recurs
    /// within the 400-year Gregorian cycle, most within 28 years).
    private func searchStart(for matcher: CalendarMatcher) -> Date {
        let years = [matcher.components.year, matcher.components.yearForWeekOfYear].compactMap { $0 }
        guard let year = years.min() else { return Date(timeIntervalSince1970: 946_684_800) }
        let start = DateComponents(year: year - 1, month: 12, day: 1)
        return matcher.calendar.date(from: start) ?? .distantPast
    }
}
