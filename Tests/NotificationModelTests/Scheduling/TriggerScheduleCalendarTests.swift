import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

@Suite("Trigger schedule: calendar components")
struct TriggerScheduleCalendarTests {
    /// The wall-clock times of the first `count` fires in `zone`.
    func fires(
        _ components: DateComponents, from added: Date, count: Int, zone: TimeZone = TimeFixtures.utc,
        schedule: TriggerSchedule? = nil
    ) -> [String?] {
        let schedule = schedule ?? TriggerSchedule(timeZone: zone)
        let trigger = NotificationTrigger.calendar(CalendarTrigger(dateComponents: components, repeats: true))
        var dates = [schedule.firstFireDate(for: trigger, addedAt: added)]
        while dates.count < count, let last = dates.last! {
            dates.append(schedule.nextFireDate(after: last, now: last, trigger: trigger, addedAt: added))
        }
        return dates.map { TimeFixtures.wallClock($0, in: zone) }
    }

    @Test("February 29 every year fires only in leap years")
    func leapDay() {
        let added = TimeFixtures.date("2026-01-01T00:00:00Z")
        #expect(fires(DateComponents(month: 2, day: 29, hour: 9), from: added, count: 3) == [
            "2028-02-29 09:00:00 +0000", "2032-02-29 09:00:00 +0000", "2036-02-29 09:00:00 +0000",
        ])
    }

    @Test("February 29 skips 2100, which is not a leap year")
    func leapDayCentury() {
        let added = TimeFixtures.date("2097-01-01T00:00:00Z")
        #expect(fires(DateComponents(month: 2, day: 29), from: added, count: 2) == [
            "2104-02-29 00:00:00 +0000", "2108-02-29 00:00:00 +0000",
        ])
    }

    @Test("Day 31 every month skips the months that have 30 days or fewer")
    func thirtyFirst() {
        let added = TimeFixtures.date("2026-04-01T00:00:00Z")
        #expect(fires(DateComponents(day: 31, hour: 12), from: added, count: 4) == [
            "2026-05-31 12:00:00 +0000", "2026-07-31 12:00:00 +0000", "2026-08-31 12:00:00 +0000",
            "2026-10-31 12:00:00 +0000",
        ])
    }

    @Test("A weekday trigger fires on that weekday each week")
    func weekday() {
        // 2026-01-01 is a Thursday; weekday 2 is Monday in the Gregorian calendar.
        let added = TimeFixtures.date("2026-01-01T12:00:00Z")
        let dates = fires(DateComponents(hour: 9, minute: 15, weekday: 2), from: added, count: 3)
        #expect(dates == ["2026-01-05 09:15:00 +0000", "2026-01-12 09:15:00 +0000", "2026-01-19 09:15:00 +0000"])
    }

    @Test("Components with a time zone keep to it, whatever the schedule's zone")
    func pinnedZone() {
        var components = DateComponents(hour: 9)
        components.timeZone = TimeFixtures.tokyo
        let schedule = TriggerSchedule(timeZone: TimeFixtures.berlin)
        let added = TimeFixtures.date("2026-06-01T12:00:00+09:00")
        #expect(fires(components, from: added, count: 2, zone: TimeFixtures.tokyo, schedule: schedule) == [
            "2026-06-02 09:00:00 +0900", "2026-06-03 09:00:00 +0900",
        ])
    }

    @Test("Floating components follow the schedule's zone")
    func floatingZone() {
        let added = TimeFixtures.date("2026-06-01T12:00:00Z")
        let berlin = fires(DateComponents(hour: 9), from: added, count: 1, zone: TimeFixtures.berlin)
        let tokyo = fires(DateComponents(hour: 9), from: added, count: 1, zone: TimeFixtures.tokyo)
        #expect(berlin == ["2026-06-02 09:00:00 +0200"])
        #expect(tokyo == ["2026-06-02 09:00:00 +0900"])
    }

    @Test("A fixed date in the past never fires")
    func pastDate() {
        let schedule = TriggerSchedule(timeZone: TimeFixtures.utc)
        let trigger = NotificationTrigger.calendar(
            CalendarTrigger(dateComponents: DateComponents(year: 2020, month: 5, day: 1), repeats: false))
        #expect(schedule.firstFireDate(for: trigger, addedAt: TimeFixtures.date("2026-01-01T00:00:00Z")) == nil)
    }
}
