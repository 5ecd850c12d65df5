import Foundation
import NotificationModel
import Testing

/// Focus schedules, overrides and summary times read on a calendar.
@Suite("Focus schedules and summary times")
struct QuietSettingsTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// `text` ("2026-03-27 23:30", Berlin time) as a date.
    static func date(_ text: String) -> Date {
        let parts = text.split(whereSeparator: { " -:".contains($0) }).map { Int($0)! }
        return berlin.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]))!
    }

    @Test("Times of day read as HH:MM and nothing else")
    func timeOfDay() {
        #expect(TimeOfDay("07:05")?.minutes == 425)
        #expect(TimeOfDay("23:59")?.description == "23:59")
        for bad in ["7:05", "24:00", "12:60", "12-00", "", "1200", "１２:００", "-1:00"] {
            #expect(TimeOfDay(bad) == nil, "\(bad)")
        }
    }

    // 2026-03-27 is a Friday (weekday 6).
    @Test("A schedule past midnight is on in the evening of its days and the morning after", arguments: [
        ("2026-03-27 21:59", false), ("2026-03-27 22:00", true), ("2026-03-28 06:59", true), ("2026-03-28 07:00", false),
        ("2026-03-28 23:00", false), ("2026-03-29 03:00", false), ("2026-03-26 23:00", true),
    ])
    func pastMidnight(at: String, on: Bool) {
        let weekdays = FocusSchedule(weekdays: [2, 3, 4, 5, 6], start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)
        #expect(weekdays.isOn(at: Self.date(at), in: Self.berlin) == on)
    }

    @Test("A schedule within a day, and one lasting the whole day")
    func withinDay() {
        let work = FocusSchedule(weekdays: [6], start: TimeOfDay("09:00")!, end: TimeOfDay("17:00")!)
        #expect(work.isOn(at: Self.date("2026-03-27 09:00"), in: Self.berlin))
        #expect(!work.isOn(at: Self.date("2026-03-27 17:00"), in: Self.berlin))
        #expect(!work.isOn(at: Self.date("2026-03-28 10:00"), in: Self.berlin))
        let allDay = FocusSchedule(weekdays: [7], start: TimeOfDay("00:00")!, end: TimeOfDay("00:00")!)
        #expect(allDay.isOn(at: Self.date("2026-03-28 23:59"), in: Self.berlin))
    }

    @Test("The override decides until it ends; the first scheduled Focus on decides after")
    func override() {
        let sleep = FocusMode(identifier: "sleep", name: "Sleep", schedules: [FocusSchedule(start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)])
        let work = FocusMode(identifier: "work", name: "Work")
        var settings = QuietSettings(focusModes: [sleep, work], override: .init(focus: "work", until: Self.date("2026-03-27 23:00")))
        #expect(settings.focus(at: Self.date("2026-03-27 22:30"), in: Self.berlin)?.identifier == "work")
        #expect(settings.focus(at: Self.date("2026-03-27 23:00"), in: Self.berlin)?.identifier == "sleep")
        settings.override = .init(focus: nil)
        #expect(settings.focus(at: Self.date("2026-03-27 23:30"), in: Self.berlin) == nil)
        #expect(settings.nextFocusChange(after: Self.date("2026-03-27 08:00"), in: Self.berlin) == Self.date("2026-03-27 22:00"))
    }

    @Test("The next summary is the first summary time after now, across the night and the clocks going forward")
    func nextSummary() {
        let settings = QuietSettings(summaryTimes: [TimeOfDay("18:00")!, TimeOfDay("02:30")!])
        #expect(settings.nextSummary(after: Self.date("2026-03-27 17:59"), in: Self.berlin) == Self.date("2026-03-27 18:00"))
        #expect(settings.nextSummary(after: Self.date("2026-03-27 18:00"), in: Self.berlin) == Self.date("2026-03-28 02:30"))
        // 2026-03-29 02:30 does not exist in Berlin: the next time after the gap.
        let gap = settings.nextSummary(after: Self.date("2026-03-28 18:00"), in: Self.berlin)
        #expect(gap == Self.date("2026-03-29 03:00"))
        #expect(QuietSettings().nextSummary(after: Self.date("2026-03-28 18:00"), in: Self.berlin) == nil)
    }
}
