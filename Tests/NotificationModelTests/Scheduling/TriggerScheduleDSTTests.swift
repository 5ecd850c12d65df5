import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

/// One zone's 2026 daylight-saving transitions and what triggers around them must do.
struct DSTZone: Sendable, CustomStringConvertible {
    let identifier: String
    /// A wall time that does not exist on the spring-forward day, the day before
    /// the change, and the fires: once at the next existing time, then as usual.
    let gapTime: (hour: Int, minute: Int)
    let beforeGap: String
    let gapFires: [String]
    /// A wall time that happens twice on the fall-back day, and its daily fires.
    let repeatedTime: (hour: Int, minute: Int)
    let beforeFallBack: String
    let fallBackFires: [String]
    /// An hourly trigger (minute 30) across the fall-back: the repeated hour fires once.
    let beforeRepeatedHour: String
    let hourlyFires: [String]
    /// A minutely trigger (second 0) across the fall-back, from just before the
    /// clock goes back: it resumes when the wall clock passes the repeated hour.
    let beforeSetBack: String
    let minutelyFires: [String]
    /// Inside the repeated hour, after the first occurrence of `repeatedTime`.
    let afterFirstOccurrence: String
    let afterFirstOccurrenceFire: String
    /// Daily 08:30 across both changes.
    let beforeSpring: String
    let springMornings: [String]
    let beforeAutumn: String
    let autumnMornings: [String]

    var zone: TimeZone { TimeZone(identifier: identifier)! }
    var description: String { identifier }

    static let newYork = DSTZone(
        identifier: "America/New_York",
        gapTime: (2, 30), beforeGap: "2026-03-07T12:00:00-05:00",
        gapFires: ["2026-03-08 03:00:00 -0400", "2026-03-09 02:30:00 -0400", "2026-03-10 02:30:00 -0400"],
        repeatedTime: (1, 30), beforeFallBack: "2026-10-31T12:00:00-04:00",
        fallBackFires: ["2026-11-01 01:30:00 -0400", "2026-11-02 01:30:00 -0500", "2026-11-03 01:30:00 -0500"],
        beforeRepeatedHour: "2026-11-01T00:00:00-04:00",
        hourlyFires: [
            "2026-11-01 00:30:00 -0400", "2026-11-01 01:30:00 -0400", "2026-11-01 02:30:00 -0500",
            "2026-11-01 03:30:00 -0500",
        ],
        beforeSetBack: "2026-11-01T01:58:00-04:00",
        minutelyFires: ["2026-11-01 01:59:00 -0400", "2026-11-01 02:00:00 -0500", "2026-11-01 02:01:00 -0500"],
        afterFirstOccurrence: "2026-11-01T01:45:00-04:00", afterFirstOccurrenceFire: "2026-11-02 01:30:00 -0500",
        beforeSpring: "2026-03-06T12:00:00-05:00",
        springMornings: ["2026-03-07 08:30:00 -0500", "2026-03-08 08:30:00 -0400", "2026-03-09 08:30:00 -0400"],
        beforeAutumn: "2026-10-30T12:00:00-04:00",
        autumnMornings: ["2026-10-31 08:30:00 -0400", "2026-11-01 08:30:00 -0500", "2026-11-02 08:30:00 -0500"])

    static let berlin = DSTZone(
        identifier: "Europe/Berlin",
        gapTime: (2, 30), beforeGap: "2026-03-28T12:00:00+01:00",
        gapFires: ["2026-03-29 03:00:00 +0200", "2026-03-30 02:30:00 +0200", "2026-03-31 02:30:00 +0200"],
        repeatedTime: (2, 30), beforeFallBack: "2026-10-24T12:00:00+02:00",
        fallBackFires: ["2026-10-25 02:30:00 +0200", "2026-10-26 02:30:00 +0100", "2026-10-27 02:30:00 +0100"],
        beforeRepeatedHour: "2026-10-25T01:00:00+02:00",
        hourlyFires: [
            "2026-10-25 01:30:00 +0200", "2026-10-25 02:30:00 +0200", "2026-10-25 03:30:00 +0100",
            "2026-10-25 04:30:00 +0100",
        ],
        beforeSetBack: "2026-10-25T02:58:00+02:00",
        minutelyFires: ["2026-10-25 02:59:00 +0200", "2026-10-25 03:00:00 +0100", "2026-10-25 03:01:00 +0100"],
        afterFirstOccurrence: "2026-10-25T02:45:00+02:00", afterFirstOccurrenceFire: "2026-10-26 02:30:00 +0100",
        beforeSpring: "2026-03-27T12:00:00+01:00",
        springMornings: ["2026-03-28 08:30:00 +0100", "2026-03-29 08:30:00 +0200", "2026-03-30 08:30:00 +0200"],
        beforeAutumn: "2026-10-23T12:00:00+02:00",
        autumnMornings: ["2026-10-24 08:30:00 +0200", "2026-10-25 08:30:00 +0100", "2026-10-26 08:30:00 +0100"])

    static let all = [newYork, berlin]
}

/// Components float with the schedule's zone, or carry the zone themselves
/// (the schedule then being in UTC): both must follow the same DST rules.
enum ZoneBinding: String, Sendable, CaseIterable, CustomStringConvertible {
    case floating, pinned
    var description: String { rawValue }
}

@Suite("Trigger schedule: daylight saving time")
struct TriggerScheduleDSTTests {
    /// The wall-clock times in `zone` of the first `count` fires of a repeating trigger.
    func fires(
        _ components: DateComponents, in zone: DSTZone, _ binding: ZoneBinding, from added: String, count: Int
    ) -> [String?] {
        var components = components
        let schedule: TriggerSchedule
        switch binding {
        case .floating:
            schedule = TriggerSchedule(timeZone: zone.zone)
        case .pinned:
            components.timeZone = zone.zone
            schedule = TriggerSchedule(timeZone: TimeFixtures.utc)
        }
        let trigger = NotificationTrigger.calendar(CalendarTrigger(dateComponents: components, repeats: true))
        let addedAt = TimeFixtures.date(added)
        var dates = [schedule.firstFireDate(for: trigger, addedAt: addedAt)]
        while dates.count < count, let last = dates.last! {
            dates.append(schedule.nextFireDate(after: last, now: last, trigger: trigger, addedAt: addedAt))
        }
        return dates.map { TimeFixtures.wallClock($0, in: zone.zone) }
    }

    @Test("A wall time in the spring-forward gap fires once, at the next existing time",
          arguments: DSTZone.all, ZoneBinding.allCases)
    func gap(zone: DSTZone, binding: ZoneBinding) {
        let time = DateComponents(hour: zone.gapTime.hour, minute: zone.gapTime.minute)
        #expect(fires(time, in: zone, binding, from: zone.beforeGap, count: 3) == zone.gapFires)
    }

    @Test("A wall time that happens twice at fall-back fires once, at its first occurrence",
          arguments: DSTZone.all, ZoneBinding.allCases)
    func repeatedTime(zone: DSTZone, binding: ZoneBinding) {
        let time = DateComponents(hour: zone.repeatedTime.hour, minute: zone.repeatedTime.minute)
        #expect(fires(time, in: zone, binding, from: zone.beforeFallBack, count: 3) == zone.fallBackFires)
    }

    @Test("An hourly trigger fires once in the hour that happens twice", arguments: DSTZone.all, ZoneBinding.allCases)
    func hourly(zone: DSTZone, binding: ZoneBinding) {
        #expect(fires(DateComponents(minute: 30), in: zone, binding, from: zone.beforeRepeatedHour, count: 4)
            == zone.hourlyFires)
    }

    @Test("A minutely trigger stays silent while the wall clock repeats minutes it already fired at",
          arguments: DSTZone.all, ZoneBinding.allCases)
    func minutely(zone: DSTZone, binding: ZoneBinding) {
        #expect(fires(DateComponents(second: 0), in: zone, binding, from: zone.beforeSetBack, count: 3)
            == zone.minutelyFires)
    }

    @Test("Added after the first occurrence of a repeated wall time, the trigger waits for the next day",
          arguments: DSTZone.all, ZoneBinding.allCases)
    func addedInRepeatedHour(zone: DSTZone, binding: ZoneBinding) {
        let time = DateComponents(hour: zone.repeatedTime.hour, minute: zone.repeatedTime.minute)
        #expect(fires(time, in: zone, binding, from: zone.afterFirstOccurrence, count: 1)
            == [zone.afterFirstOccurrenceFire])
    }

    @Test("A daily time keeps its wall-clock time across both changes", arguments: DSTZone.all, ZoneBinding.allCases)
    func dailyMorning(zone: DSTZone, binding: ZoneBinding) {
        let time = DateComponents(hour: 8, minute: 30)
        #expect(fires(time, in: zone, binding, from: zone.beforeSpring, count: 3) == zone.springMornings)
        #expect(fires(time, in: zone, binding, from: zone.beforeAutumn, count: 3) == zone.autumnMornings)
    }

    @Test("Restarting inside the repeated hour does not fire its second occurrence", arguments: DSTZone.all)
    func catchUpInRepeatedHour(zone: DSTZone) {
        let schedule = TriggerSchedule(timeZone: zone.zone)
        let trigger = NotificationTrigger.calendar(CalendarTrigger(dateComponents: DateComponents(minute: 30), repeats: true))
        let added = TimeFixtures.date(zone.beforeRepeatedHour)
        // The engine was down over the first occurrence of hh:30 in the repeated hour and
        // comes back 40 minutes later, at hh:10 of the second pass: it delivers the missed
        // fire late and asks for the next one, which is not the second hh:30.
        let missed = TimeFixtures.date(wallClock: zone.hourlyFires[1])
        let restart = missed.addingTimeInterval(40 * 60)
        let next = schedule.nextFireDate(after: missed, now: restart, trigger: trigger, addedAt: added)
        #expect(TimeFixtures.wallClock(next, in: zone.zone) == zone.hourlyFires[2])
    }

    @Test("notBefore naming the second occurrence of a wall time fires there", arguments: DSTZone.all)
    func notBeforeSecondOccurrence(zone: DSTZone) {
        let schedule = TriggerSchedule(timeZone: zone.zone)
        let time = DateComponents(hour: zone.repeatedTime.hour, minute: zone.repeatedTime.minute)
        let firstOccurrence = TimeFixtures.date(wallClock: zone.fallBackFires[0])
        let secondOccurrence = firstOccurrence.addingTimeInterval(3_600)
        let trigger = NotificationTrigger.calendar(
            CalendarTrigger(dateComponents: time, repeats: true, notBefore: secondOccurrence))
        let first = schedule.firstFireDate(for: trigger, addedAt: TimeFixtures.date(zone.beforeFallBack))
        #expect(first == secondOccurrence)
        let next = schedule.nextFireDate(after: secondOccurrence, now: secondOccurrence, trigger: trigger,
                                         addedAt: TimeFixtures.date(zone.beforeFallBack))
        #expect(TimeFixtures.wallClock(next, in: zone.zone) == zone.fallBackFires[1])
    }
}
