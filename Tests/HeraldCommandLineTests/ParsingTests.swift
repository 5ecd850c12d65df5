import Foundation
import HeraldAPI
import HeraldCommandLine
import NotificationEngine
import Testing

struct DurationParserTests {
    @Test(arguments: [
        ("90", 90.0), ("90s", 90), ("15m", 900), ("2h", 7_200), ("1d", 86_400), ("1h30m", 5_400),
        ("1d2h3m4s", 93_784), ("1.5h", 5_400), ("0.5", 0.5), (" 45s ", 45), ("0", 0),
    ])
    func parsesDurations(text: String, seconds: Double) throws {
        #expect(try DurationParser.seconds(text) == seconds)
    }

    @Test(arguments: ["", "s", "90x", "1h1h", "h1", "1 h", "-5", "+5", "1e3", "inf", "nan", "1h30"])
    func refusesWhatIsNotADuration(text: String) {
        #expect(throws: CommandLineError.self) { try DurationParser.seconds(text) }
    }
}

struct MomentParserTests {
    private let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func localTimeWithoutZoneUsesTheLocalZone() throws {
        let moment = try MomentParser.parse("2026-12-01T09:00", localTimeZone: paris)
        #expect(moment.fields == API.DateFields(year: 2026, month: 12, day: 1, hour: 9, minute: 0, second: 0))
        #expect(moment.timeZone == "Europe/Paris")
        let spaced = try MomentParser.parse("2026-12-01 09:00:30", localTimeZone: paris)
        #expect(spaced.fields.second == 30)
    }

    @Test(arguments: [
        ("2026-12-01T09:00Z", "GMT"), ("2026-12-01T09:00:00+02:00", "GMT+0200"), ("2026-12-01T09:00-0530", "GMT-0530"),
        ("2026-12-01T09:00+01", "GMT+0100"), ("2026-12-01T09:00 America/New_York", "America/New_York"),
        ("2026-12-01T09:00[Asia/Tokyo]", "Asia/Tokyo"),
    ])
    func zonesAndOffsetsAreKept(text: String, zone: String) throws {
        let moment = try MomentParser.parse(text, localTimeZone: paris)
        #expect(moment.timeZone == zone)
        #expect(moment.fields.hour == 9)
        #expect(TimeZone(identifier: moment.timeZone) != nil)
    }

    @Test(arguments: [
        "2026-12-01", "tomorrow 9:00", "2026-02-30T09:00", "2026-12-01T24:00", "2026-12-01T09:60",
        "2026-12-01T09:00 Mars/Olympus", "2026-12-01T09:00+25:00", "26-12-01T09:00",
    ])
    func refusesWhatIsNotADateAndTime(text: String) {
        #expect(throws: CommandLineError.self) { try MomentParser.parse(text, localTimeZone: paris) }
    }
}

struct CalendarSpecParserTests {
    @Test func parsesFieldsAndZone() throws {
        let spec = try CalendarSpecParser.parse("hour=8 minute=0")
        #expect(spec.fields == API.DateFields(hour: 8, minute: 0))
        #expect(spec.timeZone == nil)
        let full = try CalendarSpecParser.parse("year=2027,month=12 day=25 hour=7 second=5 tz=Europe/Paris")
        #expect(full.fields == API.DateFields(year: 2027, month: 12, day: 25, hour: 7, second: 5))
        #expect(full.timeZone == "Europe/Paris")
    }

    @Test(arguments: [("weekday=mon", 2), ("weekday=Sunday", 1), ("weekday=sat", 7), ("weekday=4", 4), ("WEEKDAY=fri", 6)])
    func weekdaysByNumberOrName(text: String, weekday: Int) throws {
        #expect(try CalendarSpecParser.parse(text).fields.weekday == weekday)
    }

    @Test(arguments: [
        "", "hour", "hour=", "hour=24", "minute=-1", "month=13", "day=0", "weekday=8", "weekday=mo", "weekday=monk",
        "hour=8 hour=9", "fortnight=1", "tz=Nowhere/City hour=1", "tz=UTC",
    ])
    func refusesBadSpecs(text: String) {
        #expect(throws: CommandLineError.self) { try CalendarSpecParser.parse(text) }
    }
}

struct TriggerSpecTests {
    private let utc = TimeZone(identifier: "UTC")!

    @Test func noTriggerOptionDeliversAtOnce() throws {
        #expect(try TriggerSpec().trigger(localTimeZone: utc) == nil)
    }

    @Test func eachOptionMakesItsTrigger() throws {
        #expect(try TriggerSpec(after: "90s").trigger(localTimeZone: utc) == .timeInterval(interval: 90, repeats: false))
        #expect(try TriggerSpec(after: "2m", repeats: true).trigger(localTimeZone: utc)
            == .timeInterval(interval: 120, repeats: true))
        #expect(try TriggerSpec(every: "60s").trigger(localTimeZone: utc) == .timeInterval(interval: 60, repeats: true))
        #expect(try TriggerSpec(at: "2026-12-01T09:00").trigger(localTimeZone: utc)
            == .calendar(API.DateFields(year: 2026, month: 12, day: 1, hour: 9, minute: 0, second: 0),
                timeZone: utc.identifier, repeats: false, notBefore: nil))
        #expect(try TriggerSpec(calendar: "hour=8 minute=0", repeats: true).trigger(localTimeZone: utc)
            == .calendar(API.DateFields(hour: 8, minute: 0), timeZone: nil, repeats: true, notBefore: nil))
    }

    @Test(arguments: [
        TriggerSpec(after: "90s", every: "60s"), TriggerSpec(at: "2026-12-01T09:00", calendar: "hour=8"),
        TriggerSpec(repeats: true), TriggerSpec(at: "2026-12-01T09:00", repeats: true), TriggerSpec(after: "0s"),
        TriggerSpec(after: "59s", repeats: true), TriggerSpec(every: "30s"), TriggerSpec(every: "soon"),
    ])
    func refusesImpossibleCombinations(spec: TriggerSpec) {
        #expect(throws: CommandLineError.self) { try spec.trigger(localTimeZone: utc) }
    }
}

struct ContentAndInputTests {
    @Test func contentCarriesEveryOption() throws {
        var spec = ContentSpec()
        (spec.title, spec.subtitle, spec.body) = ("Tea", "Kitchen", "It is ready")
        (spec.category, spec.sound, spec.badge, spec.data, spec.thread) =
            ("reminder", "default", 2, #"{"UUID": "5F1D", "tries": 3}"#, "kitchen")
        let content = try spec.content()
        #expect(content == API.Content(
            title: "Tea", subtitle: "Kitchen", body: "It is ready", badge: 2, sound: "default",
            userInfo: ["UUID": "5F1D", "tries": 3], categoryIdentifier: "reminder", threadIdentifier: "kitchen"))
        spec.sound = "none"
        #expect(try spec.content().sound == nil)
    }

    @Test(arguments: [(-1, nil), (nil, "[1, 2]"), (nil, "{oops"), (nil, "\"text\"")] as [(Int?, String?)])
    func refusesBadBadgeOrData(badge: Int?, data: String?) {
        var spec = ContentSpec()
        (spec.badge, spec.data) = (badge, data)
        #expect(throws: CommandLineError.self) { try spec.content() }
    }

    @Test func categoryFilesAreListsOrBareArrays() throws {
        let list = #"{"categories": [{"identifier": "reminder", "actions": [{"identifier": "cancel", "title": "Cancel", "options": ["foreground"]}]}]}"#
        let bare = #"[{"identifier": "reminder", "actions": [{"identifier": "cancel", "title": "Cancel", "options": ["foreground"]}]}]"#
        let expected = [API.Category(identifier: "reminder", actions: [API.Action(identifier: "cancel", title: "Cancel", options: ["foreground"])])]
        #expect(try InputFiles.categories(from: Data(list.utf8), named: "a.json") == expected)
        #expect(try InputFiles.categories(from: Data(bare.utf8), named: "b.json") == expected)
        let error = #expect(throws: CommandLineError.self) {
            try InputFiles.categories(from: Data(#"[{"actions": []}]"#.utf8), named: "c.json")
        }
        #expect(error?.message.contains("missing “identifier” at [0]") == true)
        #expect(throws: CommandLineError.self) { try InputFiles.categories(fromFile: "/nonexistent/categories.json") }
    }

    @Test func actionShorthandsAndAuthorizationOptions() throws {
        #expect(InputFiles.actionIdentifier("default") == "com.apple.UNNotificationDefaultActionIdentifier")
        #expect(InputFiles.actionIdentifier("dismiss") == "com.apple.UNNotificationDismissActionIdentifier")
        #expect(InputFiles.actionIdentifier("trashAction") == "trashAction")
        #expect(try InputFiles.authorizationOptions("alert, sound,badge") == ["alert", "sound", "badge"])
        #expect(throws: CommandLineError.self) { try InputFiles.authorizationOptions("alert,criticalAlert") }
    }
}
