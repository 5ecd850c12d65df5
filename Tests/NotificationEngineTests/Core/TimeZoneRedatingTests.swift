import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import Testing

/// Which pending requests a change of zone re-dates, on the core alone: the
/// engine was in New York and is now in Tokyo, at noon New York time.
@Suite("Engine core: re-dating for a new time zone")
struct TimeZoneRedatingTests {
    typealias T = TimeFixtures
    static let now = T.date("2026-06-10T12:00:00-04:00")
    static let tokyo = TriggerSchedule(timeZone: T.tokyo)

    static func calendar(hour: Int, zone: TimeZone? = nil, repeats: Bool = true) -> NotificationTrigger {
        var components = DateComponents()
        components.hour = hour
        components.minute = 0
        components.timeZone = zone
        return .calendar(CalendarTrigger(dateComponents: components, repeats: repeats))
    }

    /// A one-shot on a date of June 2026, at `hour`:00 in whatever zone the engine has.
    static func dated(day: Int, hour: Int) -> NotificationTrigger {
        .calendar(CalendarTrigger(
            dateComponents: DateComponents(year: 2026, month: 6, day: day, hour: hour, minute: 0), repeats: false))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var trigger: NotificationTrigger?
        /// The fire date the request had in New York.
        var date: String?
        /// Its date in Tokyo's wall-clock time, or `nil` if it keeps its date.
        var expected: String?

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a floating daily 09:00 moves to Tokyo's next 09:00", trigger: calendar(hour: 9),
            date: "2026-06-11T09:00:00-04:00", expected: "2026-06-11 09:00:00 +0900"),
        Case(
            name: "a floating one-shot 20:00 moves to Tokyo's 20:00", trigger: calendar(hour: 20, repeats: false),
            date: "2026-06-10T20:00:00-04:00", expected: "2026-06-11 20:00:00 +0900"),
        Case(
            name: "a dated one-shot keeps its wall time in Tokyo", trigger: dated(day: 11, hour: 9),
            date: "2026-06-11T09:00:00-04:00", expected: "2026-06-11 09:00:00 +0900"),
        Case(
            name: "a dated one-shot whose wall time has passed in Tokyo is dated to it, before now: it fires at once, late",
            trigger: dated(day: 10, hour: 20), date: "2026-06-10T20:00:00-04:00", expected: "2026-06-10 20:00:00 +0900"),
        Case(
            name: "a daily 09:00 in New York's own zone keeps its date",
            trigger: calendar(hour: 9, zone: T.newYork), date: "2026-06-11T09:00:00-04:00", expected: nil),
        Case(
            name: "a time-interval trigger keeps its date",
            trigger: .timeInterval(TimeIntervalTrigger(interval: 3_600, repeats: true)),
            date: "2026-06-10T13:00:00-04:00", expected: nil),
        Case(
            name: "a request already due keeps its date", trigger: calendar(hour: 11),
            date: "2026-06-10T11:00:00-04:00", expected: nil),
        Case(name: "a request with no fire date keeps none", trigger: calendar(hour: 9), date: nil, expected: nil),
        Case(
            name: "a floating 21:00 that is 21:00 in Tokyo as well keeps its date", trigger: calendar(hour: 21),
            date: "2026-06-11T21:00:00+09:00", expected: nil),
    ]

    @Test("Only floating calendar requests still ahead move, to their wall time in the new zone", arguments: cases)
    func redates(_ test: Case) {
        let pending = PendingRequest(
            request: NotificationRequest(identifier: "r", content: NotificationContent(title: "T"), trigger: test.trigger),
            nextFireDate: test.date.map { T.date($0) }, addedDate: T.date("2026-06-01T00:00:00Z"))
        let moved = EngineCore.redated([pending], for: Self.tokyo, now: Self.now)
        let dates: [String] = moved.compactMap { T.wallClock($0.nextFireDate, in: T.tokyo) }
        #expect(dates.count == moved.count)
        #expect(dates == (test.expected.map { [$0] } ?? []))
        #expect(moved.allSatisfy { $0.request == pending.request && $0.addedDate == pending.addedDate })
    }

    @Test("Several requests keep their order; those that stay are left out")
    func order() {
        let requests = ["a": 9, "b": 11, "c": 10].sorted { $0.key < $1.key }.map { identifier, hour in
            PendingRequest(
                request: NotificationRequest(
                    identifier: identifier, content: NotificationContent(title: identifier),
                    trigger: Self.calendar(hour: hour)),
                nextFireDate: T.date("2026-06-10T\(hour < 10 ? "0" : "")\(hour):00:00-04:00"), addedDate: Self.now)
        }
        let moved = EngineCore.redated(requests, for: Self.tokyo, now: Self.now)
        #expect(moved.map(\.request.identifier) == [])
        let later = requests.map { pending in
            var pending = pending
            pending.nextFireDate = pending.nextFireDate?.addingTimeInterval(86_400)
            return pending
        }
        #expect(EngineCore.redated(later, for: Self.tokyo, now: Self.now).map(\.request.identifier) == ["a", "b", "c"])
    }
}
