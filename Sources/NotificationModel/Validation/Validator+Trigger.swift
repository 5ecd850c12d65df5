import Foundation

extension Validator {
    /// Checks a trigger: a time interval is finite and positive (at least 60 s
    /// when it repeats), calendar components can match a date after `now`, and a
    /// region is a real circle that notifies on something; a push trigger is
    /// refused (only a push makes one). Returns the first
    /// fire date for a trigger added `now` (`nil` for a location trigger).
    @discardableResult
    static func validate(
        _ trigger: NotificationTrigger, schedule: TriggerSchedule, now: Date
    ) throws(NotificationError) -> Date? {
        switch trigger {
        case .timeInterval(let interval):
            try validate(interval)
            return try checkFirstFireDate(schedule.firstFireDate(for: trigger, addedAt: now))
        case .calendar(let calendar):
            return try checkFirstFireDate(try validate(calendar, schedule: schedule, now: now))
        case .location(let location):
            try validate(location.region)
            return nil
        case .push:
            throw NotificationError(
                .invalidTrigger,
                "a push trigger is made only by a push: an app cannot add a request with one "
                    + "(its server sends a remote notification through the push service)")
        }
    }

    /// Refuses a first fire date after ``NotificationLimits/latestFireDate``.
    static func checkFirstFireDate(_ date: Date?) throws(NotificationError) -> Date? {
        let latest = NotificationLimits.latestFireDate
        guard let date, date > latest else { return date }
        throw NotificationError(
            .invalidTrigger,
            "the trigger would first fire after \(latest.formatted(.iso8601)), the latest date a request may fire")
    }

    static func validate(_ trigger: TimeIntervalTrigger) throws(NotificationError) {
        guard trigger.interval.isFinite, trigger.interval > 0 else {
            throw NotificationError(
                .invalidTrigger, "time interval \(number(trigger.interval)) s is invalid; it must be greater than 0")
        }
        let minimum = NotificationLimits.minimumRepeatingInterval
        guard !trigger.repeats || trigger.interval >= minimum else {
            throw NotificationError(
                .invalidTrigger,
                "a repeating time interval is \(number(trigger.interval)) s; the minimum is \(number(minimum)) s")
        }
    }

    static func validate(
        _ trigger: CalendarTrigger, schedule: TriggerSchedule, now: Date
    ) throws(NotificationError) -> Date {
        if let notBefore = trigger.notBefore, !notBefore.timeIntervalSinceReferenceDate.isFinite {
            throw NotificationError(.invalidTrigger, "notBefore is not a finite date")
        }
        if let notBefore = trigger.notBefore, notBefore > NotificationLimits.latestFireDate {
            throw NotificationError(
                .invalidTrigger,
                "notBefore is after \(NotificationLimits.latestFireDate.formatted(.iso8601)), the latest date a request may fire")
        }
        if let problem = schedule.matchProblem(trigger.dateComponents) {
            throw NotificationError(.invalidNoDate, "the calendar trigger can never fire: \(problem)")
        }
        guard let first = schedule.firstFireDate(for: .calendar(trigger), addedAt: now) else {
            throw NotificationError(
                .invalidNoDate,
                "the calendar trigger can never fire: no date after \(now.formatted(.iso8601)) matches "
                    + TriggerSchedule.describe(trigger.dateComponents))
        }
        return first
    }

    /// Checks a region: latitude −90…90, longitude −180…180, radius above 0 and
    /// at most 100 km, all finite; it notifies on entry, exit or both.
    static func validate(_ region: CircularRegion) throws(NotificationError) {
        try checkLength(
            region.identifier, of: "region identifier", limit: NotificationLimits.maximumIdentifierLength,
            code: .invalidRegion)
        let center = region.center
        guard center.latitude.isFinite, (-90...90).contains(center.latitude) else {
            throw NotificationError(.invalidRegion, "latitude \(number(center.latitude)) is outside −90…90")
        }
        guard center.longitude.isFinite, (-180...180).contains(center.longitude) else {
            throw NotificationError(.invalidRegion, "longitude \(number(center.longitude)) is outside −180…180")
        }
        let maximum = NotificationLimits.maximumRegionRadius
        guard region.radius.isFinite, region.radius > 0, region.radius <= maximum else {
            throw NotificationError(
                .invalidRegion,
                "radius \(number(region.radius)) m is invalid; it must be greater than 0 and at most \(number(maximum)) m")
        }
        guard region.notifyOnEntry || region.notifyOnExit else {
            throw NotificationError(
                .invalidRegion, "region \(quoted(region.identifier)) notifies on neither entry nor exit: it can never fire")
        }
    }
}
