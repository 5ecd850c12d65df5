import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

@Suite("Validator: the latest first fire date (the end of the year 9999)")
struct ValidatorFireDateLimitTests {
    typealias Fixture = ValidationFixtures

    static let latest = NotificationLimits.latestFireDate

    @Test("the limit is the last second of 9999 in UTC")
    func limit() {
        #expect(Self.latest == TimeFixtures.date("9999-12-31T23:59:59Z"))
    }

    @Test("a time interval that first fires at the limit is accepted; one past it is refused")
    func interval() throws {
        let toLimit = Self.latest.timeIntervalSince(Fixture.now)
        let first = try Validator.validate(
            Fixture.request(trigger: .timeInterval(TimeIntervalTrigger(interval: toLimit, repeats: false))),
            categories: [], schedule: Fixture.schedule, now: Fixture.now)
        #expect(first == Self.latest)
        for seconds in [toLimit + 1, 1e15, 1e300, .greatestFiniteMagnitude] {
            expectRefusal(.invalidTrigger, "would first fire after 9999-12-31T23:59:59Z") {
                try Fixture.validate(Fixture.request(trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: true))))
            }
        }
    }

    @Test("a calendar date of 9999 that falls in 10000 in UTC is refused; the same wall time in UTC is accepted")
    func calendarZone() throws {
        var components = DateComponents(year: 9_999, month: 12, day: 31, hour: 23, minute: 0)
        components.timeZone = TimeZone(identifier: "UTC")
        try Fixture.validate(Fixture.request(trigger: .calendar(CalendarTrigger(dateComponents: components, repeats: false))))
        components.timeZone = TimeZone(identifier: "Etc/GMT+12")
        expectRefusal(.invalidTrigger, "would first fire after 9999-12-31T23:59:59Z") {
            try Fixture.validate(Fixture.request(trigger: .calendar(CalendarTrigger(dateComponents: components, repeats: false))))
        }
    }

    @Test("a calendar trigger whose notBefore is after the limit is refused before any date is searched")
    func notBefore() {
        let trigger = CalendarTrigger(
            dateComponents: DateComponents(hour: 8), repeats: true,
            notBefore: Self.latest.addingTimeInterval(86_400 * 365 * 1_000))
        expectRefusal(.invalidTrigger, "notBefore is after 9999-12-31T23:59:59Z") {
            try Fixture.validate(Fixture.request(trigger: .calendar(trigger)))
        }
    }
}
