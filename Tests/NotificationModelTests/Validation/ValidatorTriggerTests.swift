import Foundation
import NotificationModel
import Testing

@Suite("Validator: triggers")
struct ValidatorTriggerTests {
    typealias Fixture = ValidationFixtures

    func interval(_ seconds: Double, repeats: Bool) -> NotificationRequest {
        Fixture.request(trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: repeats)))
    }

    func calendar(_ components: DateComponents, notBefore: Date? = nil) -> NotificationRequest {
        Fixture.request(
            trigger: .calendar(CalendarTrigger(dateComponents: components, repeats: true, notBefore: notBefore)))
    }

    func region(
        latitude: Double = 52.52, longitude: Double = 13.405, radius: Double = 100,
        entry: Bool = true, exit: Bool = true, identifier: String = "shop"
    ) -> NotificationRequest {
        let region = CircularRegion(
            identifier: identifier, center: Coordinate(latitude: latitude, longitude: longitude), radius: radius,
            notifyOnEntry: entry, notifyOnExit: exit)
        return Fixture.request(trigger: .location(LocationTrigger(region: region, repeats: false)))
    }

    @Test("Positive intervals are accepted; repeating ones from 60 s")
    func validIntervals() throws {
        try Fixture.validate(interval(0.5, repeats: false))
        try Fixture.validate(interval(60, repeats: true))
        try Fixture.validate(interval(86_400, repeats: true))
    }

    @Test("An interval that is not a positive number is refused", arguments: [
        (0, "0"), (-5, "-5"), (-0.5, "-0.5"), (Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"),
    ])
    func badInterval(_ seconds: Double, _ shown: String) {
        expectRefusal(.invalidTrigger, "time interval \(shown) s is invalid; it must be greater than 0") {
            try Fixture.validate(interval(seconds, repeats: false))
        }
    }

    @Test("A push trigger is refused: only a push makes a request with one")
    func pushRefused() {
        expectRefusal(.invalidTrigger, "a push trigger is made only by a push: an app cannot add a request with one") {
            try Fixture.validate(Fixture.request(trigger: .push))
        }
    }

    @Test("A repeating interval under 60 s is refused with the minimum")
    func shortRepeat() {
        expectRefusal(.invalidTrigger, "a repeating time interval is 59 s; the minimum is 60 s") {
            try Fixture.validate(interval(59, repeats: true))
        }
    }

    @Test("Calendar components that can match a later date are accepted")
    func validCalendar() throws {
        try Fixture.validate(calendar(DateComponents(hour: 9, minute: 15)))
        try Fixture.validate(calendar(DateComponents(year: 2028, month: 2, day: 29)))
        try Fixture.validate(calendar(DateComponents(weekday: 2)))
    }

    @Test("Out-of-range calendar components are refused, naming the component and its range", arguments: [
        (DateComponents(month: 13), "month 13 is outside 1…12"),
        (DateComponents(hour: 25), "hour 25 is outside 0…23"),
        (DateComponents(minute: 60), "minute 60 is outside 0…59"),
        (DateComponents(day: 32), "day 32 is outside 1…31"),
        (DateComponents(weekday: 8), "weekday 8 is outside 1…7"),
        (DateComponents(second: 61), "second 61 is outside 0…59"),
    ])
    func outOfRange(_ components: DateComponents, _ message: String) {
        expectRefusal(.invalidNoDate, "the calendar trigger can never fire: \(message)") {
            try Fixture.validate(calendar(components))
        }
    }

    @Test("Empty calendar components are refused")
    func emptyComponents() {
        expectRefusal(.invalidNoDate, "the date components are empty") {
            try Fixture.validate(calendar(DateComponents()))
        }
    }

    @Test("Components no date matches are refused", arguments: [
        (DateComponents(month: 2, day: 30), "no date matches month 2, day 30"),
        (DateComponents(year: 2027, month: 2, day: 29), "no date matches year 2027, month 2, day 29"),
        (DateComponents(month: 4, day: 31), "no date matches month 4, day 31"),
    ])
    func impossible(_ components: DateComponents, _ message: String) {
        expectRefusal(.invalidNoDate, message) {
            try Fixture.validate(calendar(components))
        }
    }

    @Test("A date that has passed is refused: no date after now matches")
    func pastDate() {
        expectRefusal(.invalidNoDate, "no date after 2026-04-01T10:00:00Z matches year 2020, month 5, day 1") {
            try Fixture.validate(calendar(DateComponents(year: 2020, month: 5, day: 1)))
        }
    }

    @Test("A notBefore that is not a finite date is refused")
    func nonFiniteNotBefore() {
        expectRefusal(.invalidTrigger, "notBefore is not a finite date") {
            try Fixture.validate(calendar(DateComponents(hour: 9), notBefore: Date(timeIntervalSinceReferenceDate: .nan)))
        }
    }

    @Test("A real circle that notifies on something is accepted")
    func validRegion() throws {
        try Fixture.validate(region())
        try Fixture.validate(region(latitude: -90, longitude: 180, radius: 100_000, entry: false))
        try Fixture.validate(region(radius: 0.5, exit: false))
    }

    @Test("A region with an impossible centre is refused", arguments: [
        (91.0, 0.0, "latitude 91 is outside −90…90"),
        (-90.5, 0.0, "latitude -90.5 is outside −90…90"),
        (Double.nan, 0.0, "latitude nan is outside −90…90"),
        (0.0, 180.5, "longitude 180.5 is outside −180…180"),
        (0.0, -.infinity, "longitude -inf is outside −180…180"),
    ])
    func badCenter(_ latitude: Double, _ longitude: Double, _ message: String) {
        expectRefusal(.invalidRegion, message) {
            try Fixture.validate(region(latitude: latitude, longitude: longitude))
        }
    }

    @Test("A radius that is not above 0 and at most 100 km is refused", arguments: [
        (0, "0"), (-1, "-1"), (100_000.5, "100000.5"), (.nan, "nan"), (Double.infinity, "inf"),
    ])
    func badRadius(_ radius: Double, _ shown: String) {
        expectRefusal(.invalidRegion, "radius \(shown) m is invalid; it must be greater than 0 and at most 100000 m") {
            try Fixture.validate(region(radius: radius))
        }
    }

    @Test("A region that notifies on neither entry nor exit is refused")
    func notifiesOnNothing() {
        expectRefusal(.invalidRegion, "region \"shop\" notifies on neither entry nor exit") {
            try Fixture.validate(region(entry: false, exit: false))
        }
    }

    @Test("A region identifier over 255 characters is refused")
    func longRegionIdentifier() {
        expectRefusal(.invalidRegion, "region identifier is 256 characters; the limit is 255") {
            try Fixture.validate(region(identifier: Fixture.string(256)))
        }
    }
}
