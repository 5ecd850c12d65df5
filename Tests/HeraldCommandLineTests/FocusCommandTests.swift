import ArgumentParser
import Foundation
import HeraldAPI
import HeraldCommandLine
import Testing

/// `herald focus`, `herald summary` and `herald preferences`: their text, before any call to the daemon.
struct FocusCommandTests {
    private let utc = TimeZone(identifier: "UTC")!

    @Test(arguments: [
        ("mon-fri 09:00-17:00", [2, 3, 4, 5, 6], "09:00", "17:00"), ("weekends 10:00-12:30", [1, 7], "10:00", "12:30"),
        ("daily 22:00-07:00", [1, 2, 3, 4, 5, 6, 7], "22:00", "07:00"), ("sat,sun 8:05-9:00", [1, 7], "08:05", "09:00"),
        ("fri-mon 18:00-08:00", [1, 2, 6, 7], "18:00", "08:00"), ("Tuesday 09:00-10:00", [3], "09:00", "10:00"),
    ])
    func parsesSchedules(text: String, weekdays: [Int], start: String, end: String) throws {
        #expect(try FocusSpecParser.schedule(text) == API.FocusSchedule(weekdays: weekdays, start: start, end: end))
    }

    @Test(arguments: ["mon-fri", "09:00-17:00", "mon-fri 9-17", "xyz 09:00-17:00", "mon-fri 24:00-25:00", "m 09:00-10:00", "mon-fri 09:60-10:00"])
    func refusesWhatIsNotASchedule(text: String) {
        #expect(throws: CommandLineError.self) { try FocusSpecParser.schedule(text) }
    }

    @Test func parsesAllowedAppsAndTimes() throws {
        #expect(try FocusSpecParser.allowedApp("com.example.mail") == API.AllowedApp(app: "com.example.mail"))
        #expect(try FocusSpecParser.allowedApp("com.example.chat:work, urgent") == API.AllowedApp(app: "com.example.chat", criteria: ["work", "urgent"]))
        #expect(throws: CommandLineError.self) { try FocusSpecParser.allowedApp("com.example.chat:") }
        #expect(throws: CommandLineError.self) { try FocusSpecParser.allowedApp(":work") }
        #expect(try FocusSpecParser.timeOfDay("8:30") == "08:30")
        for bad in ["24:00", "8", "08:5", "ab:cd", "-1:00"] {
            #expect(throws: CommandLineError.self) { try FocusSpecParser.timeOfDay(bad) }
        }
    }

    @Test func anEndIsTheNextSuchTimeOnTheDaemonsClock() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-03-10T19:15:00Z"))
        #expect(try FocusSpecParser.end("20:00", after: now, in: utc) == ISO8601DateFormatter().date(from: "2026-03-10T20:00:00Z"))
        #expect(try FocusSpecParser.end("08:00", after: now, in: utc) == ISO8601DateFormatter().date(from: "2026-03-11T08:00:00Z"))
        #expect(try FocusSpecParser.end("2026-04-01T00:00:00Z", after: now, in: utc) == ISO8601DateFormatter().date(from: "2026-04-01T00:00:00Z"))
    }

    @Test func setMakesOrReplacesAFocus() throws {
        let set = try FocusCommand.Set.parse([
            "Deep Work", "--allow", "com.example.mail", "--allow", "com.example.chat:urgent", "--schedule", "mon-fri 09:00-12:00",
            "--no-time-sensitive",
        ])
        let made = try set.applied(to: API.QuietSettings(summaryTimes: ["18:00"]))
        #expect(made.summaryTimes == ["18:00"])
        #expect(made.focusModes == [API.FocusMode(
            identifier: "deep-work", name: "Deep Work",
            allowedApps: [API.AllowedApp(app: "com.example.mail"), API.AllowedApp(app: "com.example.chat", criteria: ["urgent"])],
            allowsTimeSensitive: false, schedules: [API.FocusSchedule(weekdays: [2, 3, 4, 5, 6], start: "09:00", end: "12:00")])])
        let again = try FocusCommand.Set.parse(["deep work"]).applied(to: made)
        #expect(again.focusModes.map(\.identifier) == ["deep-work"])
        #expect(again.focusModes[0].allowedApps.isEmpty)
        #expect(throws: (any Error).self) { try FocusCommand.Set.parse(["Work", "--schedule", "someday"]) }
        #expect(throws: (any Error).self) { try FocusCommand.Set.parse(["Work", "--allow", ":x"]) }
    }

    @Test func switchingAndSummaryCommandsValidateTheirArguments() throws {
        #expect(throws: (any Error).self) { try FocusCommand.On.parse(["work", "--until", "18:00", "--for", "1h"]) }
        #expect(throws: (any Error).self) { try FocusCommand.On.parse(["work", "--for", "soon"]) }
        #expect(throws: (any Error).self) { try FocusCommand.Off.parse(["--until", "25:00"]) }
        #expect(try FocusCommand.On.parse(["work", "--for", "90m"]).name == "work")
        #expect(try SummaryCommand.Times.parse(["18:00", "8:00", "18:00"]).parsed() == ["08:00", "18:00"])
        #expect(throws: (any Error).self) { try SummaryCommand.Times.parse([]) }
        #expect(throws: (any Error).self) { try SummaryCommand.Times.parse(["noon"]) }
        let preferences = try PreferencesCommand.parse(["--app", "a", "--time-sensitive", "off", "--summary", "on"])
        #expect(preferences.change == API.Preferences(timeSensitiveEnabled: false, inScheduledSummary: true))
        #expect(try PreferencesCommand.parse(["--app", "a"]).change == nil)
        #expect(throws: (any Error).self) { try PreferencesCommand.parse(["--app", "a", "--summary", "maybe"]) }
    }

    @Test func theStatusSaysWhatIsQuietAndWhy() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-03-10T10:00:00Z"))
        let work = API.FocusMode(identifier: "work", name: "Work")
        let byHand = API.Focus(
            isFocused: true, state: API.QuietState(focus: work, nextSummary: now.addingTimeInterval(8 * 3_600)),
            settings: API.QuietSettings(focusModes: [work], override: API.FocusOverride(focus: "work", until: now.addingTimeInterval(3_600))))
        #expect(FocusText.status(byHand, now: now, timeZone: utc) == """
            Focus: Work (work), on by hand until 2026-03-10 11:00:00
            Desktop Do Not Disturb: off
            Next summary: 2026-03-10 18:00:00

            """)
        let scheduled = API.Focus(
            isFocused: true, state: API.QuietState(focus: work, desktopDoNotDisturb: true),
            settings: API.QuietSettings(focusModes: [work], override: API.FocusOverride(focus: "work", until: now)))
        #expect(FocusText.status(scheduled, now: now, timeZone: utc).hasPrefix("Focus: Work (work), on its schedule\nDesktop Do Not Disturb: on\n"))
        #expect(FocusText.status(API.Focus(isFocused: false), now: now, timeZone: utc) == "No Focus is on.\n")
        #expect(FocusText.schedule(API.FocusSchedule(weekdays: [2, 4], start: "09:00", end: "10:00")) == "Mon,Wed 09:00-10:00")
    }
}
