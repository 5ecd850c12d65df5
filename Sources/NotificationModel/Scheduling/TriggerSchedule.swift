package import Foundation

/// Computes when a request's trigger fires: the first date when the request is
/// added, and each next date after it fired.
///
/// Calendar triggers are matched with a Gregorian `Calendar` in the components'
/// time zone or, for floating components, in ``timeZone``. The DST rules of
/// DESIGN §3 hold:
/// - a wall time inside a spring-forward gap fires once, at the first time that
///   exists after the gap (02:30 on a day that jumps from 02:00 to 03:00 fires at 03:00);
/// - a wall time that happens twice (fall back) fires only at its first occurrence;
/// - a daily time keeps its wall-clock time across a change (08:30 stays 08:30 local);
/// - components without seconds fire at second 0; a day that does not exist in a
///   month or year (February 29 in a common year, April 31) is skipped, not moved.
package struct TriggerSchedule: Sendable {
    /// The zone that floating calendar components (without a `timeZone`) follow.
    package let timeZone: TimeZone
    let calendar: Calendar

    /// A schedule whose floating calendar components follow `timeZone`.
    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
        calendar = Self.gregorian(in: timeZone)
    }

    /// When a request added at `addedAt` fires first; `nil` if it never fires at a
    /// date (a location trigger, or calendar components that no later date matches).
    ///
    /// - No trigger, or a push: at once (`addedAt`).
    /// - Time interval: `addedAt + interval`.
    /// - Calendar: the first match at or after `notBefore` when that is later than
    ///   `addedAt`, otherwise the first match strictly after `addedAt`. A match at
    ///   exactly `notBefore` fires even if it is the second occurrence of a
    ///   repeated wall time: `notBefore` names an instant, not a wall time.
    package func firstFireDate(for trigger: NotificationTrigger?, addedAt: Date) -> Date? {
        switch trigger {
        case nil, .push:
            return addedAt
        case .timeInterval(let trigger):
            return addedAt.addingTimeInterval(trigger.interval)
        case .calendar(let trigger):
            let matcher = CalendarMatcher(trigger.dateComponents, schedule: self)
            if let notBefore = trigger.notBefore, notBefore > addedAt {
                return matcher.firstMatch(atOrAfter: notBefore)
            }
            return matcher.firstMatch(after: addedAt)
        case .location:
            return nil
        }
    }

    /// When a request that fired at `fired` fires next, seen at `now`; `nil` if its
    /// trigger does not repeat or is a location trigger.
    ///
    /// A repeating time interval keeps its cadence from `addedAt` (it fires at
    /// `addedAt + k × interval`) and a repeating calendar trigger fires at its next
    /// match; either way the result is strictly after both `fired` and `now`, so a
    /// request missed several times while the engine was down fires once, then
    /// resumes its cadence.
    package func nextFireDate(after fired: Date, now: Date, trigger: NotificationTrigger, addedAt: Date) -> Date? {
        guard trigger.repeats else { return nil }
        let reference = max(fired, now)
        switch trigger {
        case .timeInterval(let trigger):
            return Self.nextTick(after: reference, origin: addedAt, interval: trigger.interval)
        case .calendar(let trigger):
            return CalendarMatcher(trigger.dateComponents, schedule: self).firstMatch(after: reference)
        case .location, .push:
            return nil
        }
    }

    /// When a pending floating calendar trigger that was due at `previous` fires
    /// once its zone became this schedule's, seen at `now`: at its first match
    /// after `now` (or at or after its `notBefore`). A one-shot with no match
    /// left — a date whose wall time has passed in this zone — fires at once, late:
    /// its date is that wall time's instant here (found within a day and a bit of
    /// `previous`, the most two zones differ by), or `now`.
    package func redatedFireDate(for trigger: CalendarTrigger, previous: Date, now: Date) -> Date? {
        if let next = firstFireDate(for: .calendar(trigger), addedAt: now) { return next }
        guard !trigger.repeats else { return nil }
        let match = CalendarMatcher(trigger.dateComponents, schedule: self)
            .firstMatch(after: previous.addingTimeInterval(-27 * 3_600))
        return match.map { min($0, now) } ?? now
    }

    /// The first `origin + k × interval` (k ≥ 1) strictly after `reference`.
    static func nextTick(after reference: Date, origin: Date, interval: TimeInterval) -> Date? {
        guard interval.isFinite, interval > 0 else { return nil }
        let elapsed = reference.timeIntervalSince(origin)
        var ticks = max(1, (elapsed / interval).rounded(.down) + 1)
        // Rounding can land a tick on or just before the reference; step past it.
        for _ in 0..<4 {
            let tick = origin.addingTimeInterval(ticks * interval)
            if tick > reference { return tick }
            ticks += 1
        }
        return nil
    }

    /// A Gregorian calendar in `zone`.
    static func gregorian(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
