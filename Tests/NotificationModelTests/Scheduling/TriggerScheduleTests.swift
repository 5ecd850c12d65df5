import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

@Suite("Trigger schedule: first and next fire dates")
struct TriggerScheduleTests {
    let schedule = TriggerSchedule(timeZone: TimeFixtures.utc)
    let added = TimeFixtures.date("2026-04-01T10:00:00Z")

    func calendar(_ components: DateComponents, repeats: Bool = true, notBefore: Date? = nil) -> NotificationTrigger {
        .calendar(CalendarTrigger(dateComponents: components, repeats: repeats, notBefore: notBefore))
    }

    func utc(_ date: Date?) -> String? {
        TimeFixtures.wallClock(date, in: TimeFixtures.utc)
    }

    @Test("A request without a trigger fires when it is added, once")
    func noTrigger() {
        #expect(schedule.firstFireDate(for: nil, addedAt: added) == added)
    }

    @Test("A time interval fires the interval after the request is added; a one-shot never again")
    func timeIntervalOnce() {
        let trigger = NotificationTrigger.timeInterval(TimeIntervalTrigger(interval: 90, repeats: false))
        let first = schedule.firstFireDate(for: trigger, addedAt: added)
        #expect(first == added.addingTimeInterval(90))
        #expect(schedule.nextFireDate(after: first!, now: first!, trigger: trigger, addedAt: added) == nil)
    }

    @Test("A repeating interval keeps its cadence from the add, even when it fired late")
    func timeIntervalCadence() {
        let trigger = NotificationTrigger.timeInterval(TimeIntervalTrigger(interval: 60, repeats: true))
        let fired = added.addingTimeInterval(60)
        let next = schedule.nextFireDate(after: fired, now: fired.addingTimeInterval(0.2), trigger: trigger, addedAt: added)
        #expect(next == added.addingTimeInterval(120))
    }

    @Test("A repeating interval missed during downtime fires once, then resumes its cadence")
    func timeIntervalCatchUp() {
        let trigger = NotificationTrigger.timeInterval(TimeIntervalTrigger(interval: 60, repeats: true))
        let fired = added.addingTimeInterval(60)
        // Down for ten minutes and five seconds: ten ticks missed, the engine delivers one late.
        let restart = fired.addingTimeInterval(605)
        let next = schedule.nextFireDate(after: fired, now: restart, trigger: trigger, addedAt: added)
        #expect(next == added.addingTimeInterval(720))
        // Exactly on a tick, the tick is the one being delivered: the next is a full interval later.
        let onTick = added.addingTimeInterval(720)
        #expect(schedule.nextFireDate(after: onTick, now: onTick, trigger: trigger, addedAt: added)
            == added.addingTimeInterval(780))
    }

    @Test("Calendar components without seconds fire at second 0 of the next match")
    func calendarSecondZero() {
        let trigger = calendar(DateComponents(hour: 9, minute: 15), repeats: false)
        let justBefore = TimeFixtures.date("2026-04-01T09:14:59Z").addingTimeInterval(0.5)
        #expect(utc(schedule.firstFireDate(for: trigger, addedAt: justBefore)) == "2026-04-01 09:15:00 +0000")
        #expect(utc(schedule.firstFireDate(for: trigger, addedAt: added)) == "2026-04-02 09:15:00 +0000")
    }

    @Test("A calendar match exactly at the add is not the first fire: the first is strictly after")
    func calendarStrictlyAfterAdd() {
        let trigger = calendar(DateComponents(hour: 10, minute: 0))
        #expect(utc(schedule.firstFireDate(for: trigger, addedAt: added)) == "2026-04-02 10:00:00 +0000")
    }

    @Test("A one-shot calendar trigger does not fire again")
    func calendarOnce() {
        let trigger = calendar(DateComponents(hour: 9), repeats: false)
        let first = schedule.firstFireDate(for: trigger, addedAt: added)!
        #expect(schedule.nextFireDate(after: first, now: first, trigger: trigger, addedAt: added) == nil)
    }

    @Test("notBefore later than the add: the first match at or after it")
    func notBefore() {
        let components = DateComponents(hour: 8)
        let exact = TimeFixtures.date("2026-05-01T08:00:00Z")
        #expect(schedule.firstFireDate(for: calendar(components, notBefore: exact), addedAt: added) == exact)
        let late = TimeFixtures.date("2026-05-01T08:00:30Z")
        #expect(utc(schedule.firstFireDate(for: calendar(components, notBefore: late), addedAt: added))
            == "2026-05-02 08:00:00 +0000")
    }

    @Test("notBefore earlier than the add is ignored")
    func notBeforeInThePast() {
        let trigger = calendar(DateComponents(hour: 8), notBefore: TimeFixtures.date("2026-03-01T08:00:00Z"))
        #expect(utc(schedule.firstFireDate(for: trigger, addedAt: added)) == "2026-04-02 08:00:00 +0000")
    }

    @Test("A repeating calendar trigger missed during downtime fires once at the next match after now")
    func calendarCatchUp() {
        let trigger = calendar(DateComponents(hour: 8))
        let fired = TimeFixtures.date("2026-04-02T08:00:00Z")
        let restart = TimeFixtures.date("2026-04-05T12:00:00Z")
        #expect(utc(schedule.nextFireDate(after: fired, now: restart, trigger: trigger, addedAt: added))
            == "2026-04-06 08:00:00 +0000")
        #expect(utc(schedule.nextFireDate(after: fired, now: fired, trigger: trigger, addedAt: added))
            == "2026-04-03 08:00:00 +0000")
    }

    @Test("A location trigger has no fire date", arguments: [false, true])
    func location(repeats: Bool) {
        let region = CircularRegion(identifier: "shop", center: Coordinate(latitude: 52.5, longitude: 13.4), radius: 100)
        let trigger = NotificationTrigger.location(LocationTrigger(region: region, repeats: repeats))
        #expect(schedule.firstFireDate(for: trigger, addedAt: added) == nil)
        #expect(schedule.nextFireDate(after: added, now: added, trigger: trigger, addedAt: added) == nil)
    }
}
