import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

/// Calendar components and whether any date can match them.
struct MatchCase: Sendable, CustomStringConvertible {
    let components: DateComponents
    let canMatch: Bool
    let description: String

    static func year(_ year: Int, month: Int, day: Int) -> DateComponents {
        DateComponents(year: year, month: month, day: day)
    }

    static let all: [MatchCase] = [
        MatchCase(components: DateComponents(hour: 9, minute: 15), canMatch: true, description: "09:15 daily"),
        MatchCase(components: DateComponents(second: 0), canMatch: true, description: "every minute"),
        MatchCase(components: DateComponents(month: 2, day: 29), canMatch: true, description: "Feb 29"),
        MatchCase(components: year(2028, month: 2, day: 29), canMatch: true, description: "Feb 29 2028"),
        MatchCase(components: year(2020, month: 5, day: 1), canMatch: true, description: "a past date"),
        MatchCase(components: DateComponents(weekday: 6, weekdayOrdinal: 5), canMatch: true, description: "5th Friday"),
        MatchCase(components: DateComponents(day: 13, weekday: 6), canMatch: true, description: "Friday 13th"),
        MatchCase(components: DateComponents(), canMatch: false, description: "empty"),
        MatchCase(components: DateComponents(month: 13), canMatch: false, description: "month 13"),
        MatchCase(components: DateComponents(month: 0), canMatch: false, description: "month 0"),
        MatchCase(components: DateComponents(hour: 25), canMatch: false, description: "hour 25"),
        MatchCase(components: DateComponents(hour: 24), canMatch: false, description: "hour 24"),
        MatchCase(components: DateComponents(minute: 60), canMatch: false, description: "minute 60"),
        MatchCase(components: DateComponents(second: -1), canMatch: false, description: "second -1"),
        MatchCase(components: DateComponents(day: 32), canMatch: false, description: "day 32"),
        MatchCase(components: DateComponents(weekday: 8), canMatch: false, description: "weekday 8"),
        MatchCase(components: DateComponents(weekday: 0), canMatch: false, description: "weekday 0"),
        MatchCase(components: DateComponents(month: 2, day: 30), canMatch: false, description: "Feb 30"),
        MatchCase(components: year(2026, month: 2, day: 30), canMatch: false, description: "Feb 30 2026"),
        MatchCase(components: year(2027, month: 2, day: 29), canMatch: false, description: "Feb 29 2027"),
        MatchCase(components: DateComponents(month: 4, day: 31), canMatch: false, description: "Apr 31"),
        MatchCase(components: DateComponents(day: 31, weekOfMonth: 1), canMatch: false, description: "day 31 of week 1"),
        MatchCase(components: leapMonth, canMatch: false, description: "a leap month"),
    ]

    static var leapMonth: DateComponents {
        var components = DateComponents(month: 3)
        components.isLeapMonth = true
        return components
    }
}

@Suite("Trigger schedule: which components can match")
struct CanMatchTests {
    let schedule = TriggerSchedule(timeZone: TimeFixtures.utc)

    @Test("canMatch", arguments: MatchCase.all)
    func canMatch(_ example: MatchCase) {
        #expect(schedule.canMatch(example.components) == example.canMatch)
    }

    @Test("The reason names the component and its range")
    func rangeProblem() {
        #expect(schedule.matchProblem(DateComponents(month: 13)) == "month 13 is outside 1…12")
        #expect(schedule.matchProblem(DateComponents(hour: 9, minute: 60)) == "minute 60 is outside 0…59")
        #expect(schedule.matchProblem(DateComponents(month: 2, day: 30)) == "no date matches month 2, day 30")
    }

    @Test("A time zone alone is no component to match")
    func zoneOnly() {
        var components = DateComponents()
        components.timeZone = TimeFixtures.berlin
        #expect(!schedule.canMatch(components))
        #expect(schedule.matchProblem(components)?.hasPrefix("the date components are empty") == true)
    }
}
