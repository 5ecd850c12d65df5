import Foundation

/// Finds the dates that a calendar trigger's components match, with the DST and
/// missing-day corrections that ``TriggerSchedule`` documents.
struct CalendarMatcher {
    /// The components to match, without `calendar` and `timeZone`.
    let components: DateComponents
    /// A Gregorian calendar in the components' zone, or the schedule's.
    let calendar: Calendar

    /// The most candidates one search looks at before it gives up. Each skipped
    /// candidate is the second occurrence of a repeated wall time, so a search
    /// needs two or three; the bound only guards against a time zone database
    /// that never settles.
    static let searchLimit = 64

    init(_ components: DateComponents, schedule: TriggerSchedule) {
        if let zone = components.timeZone, zone != schedule.timeZone {
            calendar = TriggerSchedule.gregorian(in: zone)
        } else {
            calendar = schedule.calendar
        }
        var matching = components
        matching.calendar = nil
        matching.timeZone = nil
        self.components = matching
    }

    /// The first date strictly after `start` at which the trigger fires.
    func firstMatch(after start: Date) -> Date? {
        var from = start
        for _ in 0..<Self.searchLimit {
            guard let match = existingMatch(after: from) else { return nil }
            guard let repetitionEnd = repetitionEnd(of: match) else { return match }
            // The wall time already happened before the clock was set back: it fired then.
            from = max(match, repetitionEnd.addingTimeInterval(-1))
        }
        return nil
    }

    /// The first date at or after `date` at which the trigger fires. A match at
    /// exactly `date` fires even if its wall time happened before: `date` names
    /// the instant, not just the wall time.
    func firstMatch(atOrAfter date: Date) -> Date? {
        if let match = existingMatch(after: date.addingTimeInterval(-1)), match == date {
            return match
        }
        var from = date.addingTimeInterval(-1)
        for _ in 0..<Self.searchLimit {
            guard let match = firstMatch(after: from) else { return nil }
            if match >= date { return match }
            from = match
        }
        return nil
    }

    /// The first match strictly after `start` on a day that exists; its time may
    /// have moved forward out of a spring-forward gap.
    func existingMatch(after start: Date) -> Date? {
        // `.nextTime` moves a time in a DST gap to the next existing time, but it
        // also moves a missing day (February 29 in a common year) to the next
        // day; `.strict` skips such a day but also every day whose time is in a gap.
        guard let candidate = nextDate(after: start, policy: .nextTime) else { return nil }
        if matchesDay(candidate) { return candidate }
        return nextDate(after: start, policy: .strict)
    }

    private func nextDate(after start: Date, policy: Calendar.MatchingPolicy) -> Date? {
        calendar.nextDate(
            after: start, matching: components, matchingPolicy: policy,
            repeatedTimePolicy: .first, direction: .forward)
    }

    /// Whether `date` has every day-level component that the trigger asks for.
    func matchesDay(_ date: Date) -> Bool {
        let actual = calendar.dateComponents(Self.dayUnits, from: date)
        for unit in Self.dayUnits {
            guard let wanted = components.value(for: unit) else { continue }
            if Self.value(of: unit, in: actual) != wanted { return false }
        }
        return true
    }

    static let dayUnits: Set<Calendar.Component> = [
        .era, .year, .month, .day, .weekday, .weekdayOrdinal, .weekOfMonth, .weekOfYear, .yearForWeekOfYear,
        .quarter,
    ]

    /// The value of `unit` in `components`; the quarter is derived from the month
    /// because not every Foundation computes it.
    static func value(of unit: Calendar.Component, in components: DateComponents) -> Int? {
        guard unit == .quarter else { return components.value(for: unit) }
        return components.month.map { ($0 - 1) / 3 + 1 }
    }

    /// If `date`'s wall time already happened earlier (the clock was set back
    /// after it first came), the first instant whose wall time is new again;
    /// otherwise `nil`.
    func repetitionEnd(of date: Date) -> Date? {
        let zone = calendar.timeZone
        let offset = zone.secondsFromGMT(for: date)
        let earlierOffset = zone.secondsFromGMT(for: date.addingTimeInterval(-86_400))
        let setBack = TimeInterval(earlierOffset - offset)
        guard setBack > 0 else { return nil }
        let twin = date.addingTimeInterval(-setBack)
        guard zone.secondsFromGMT(for: twin) == earlierOffset else { return nil }
        guard let transition = zone.nextDaylightSavingTimeTransition(after: twin), transition <= date else {
            return date.addingTimeInterval(1)
        }
        return transition.addingTimeInterval(setBack)
    }
}
