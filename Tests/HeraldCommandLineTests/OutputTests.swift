import Foundation
import HeraldAPI
import HeraldCommandLine
import NotificationModel
import Testing

struct OutputTests {
    private let paris = TimeZone(identifier: "Europe/Paris")!
    /// 2026-12-01 09:00:00 UTC, 10:00 in Paris.
    private let date = Date(timeIntervalSince1970: 1_796_115_600)

    @Test func tablesAlignTheirColumns() {
        let table = TextTable(headers: ["ID", "TITLE"], rows: [["walk-dog", "Walk"], ["x", ""]])
        #expect(table.rendered == "ID        TITLE\nwalk-dog  Walk\nx\n")
    }

    @Test(arguments: [(90.0, "1m30s"), (3_600, "1h"), (93_784, "1d2h3m4s"), (0.5, "0.5s"), (60, "1m")])
    func durationsReadAsPeopleWriteThem(seconds: Double, text: String) {
        #expect(TriggerText.duration(seconds) == text)
    }

    @Test func triggersAreDescribed() {
        #expect(TriggerText.describe(nil) == "now")
        #expect(TriggerText.describe(.push) == "push")
        #expect(TriggerText.describe(.timeInterval(interval: 90, repeats: false)) == "in 1m30s")
        #expect(TriggerText.describe(.timeInterval(interval: 60, repeats: true)) == "every 1m")
        let moment = API.DateFields(year: 2026, month: 12, day: 1, hour: 9, minute: 0, second: 0)
        #expect(TriggerText.describe(.calendar(moment, timeZone: "Europe/Paris", repeats: false, notBefore: nil))
            == "at 2026-12-01 09:00:00 Europe/Paris")
        #expect(TriggerText.describe(.calendar(API.DateFields(hour: 8, minute: 0), timeZone: nil, repeats: true, notBefore: nil))
            == "calendar hour=8 minute=0, repeating")
        let region = API.Region(identifier: "home", latitude: 0, longitude: 0, radius: 50, notifyOnEntry: true, notifyOnExit: false)
        #expect(TriggerText.describe(.location(region, repeats: false)) == "region home (entry)")
    }

    @Test func pendingAndDeliveredListInLocalTime() {
        let request = API.Request(identifier: "walk", content: API.Content(title: "Walk"), trigger: .timeInterval(interval: 60, repeats: true))
        let pending = Listings.pending([API.PendingRequest(request: request, nextFireDate: date, addedDate: date)], app: "a", timeZone: paris)
        #expect(pending == "ID    NEXT FIRE            TRIGGER   TITLE\nwalk  2026-12-01 10:00:00  every 1m  Walk\n")
        #expect(Listings.pending([], app: "a", timeZone: paris) == "No pending requests for a.\n")
        let delivery = API.Delivery(id: "D1", app: "a", request: request, scheduledDate: date, date: date, isLate: true)
        #expect(Listings.delivered([delivery], app: "a", timeZone: paris)
            == "DELIVERY  ID    DELIVERED                   TITLE\nD1        walk  2026-12-01 10:00:00 (late)  Walk\n")
    }

    @Test func otherListings() {
        let app = API.App(identifier: "com.example.todo", name: "Todo", webhookURL: nil, bundled: true, pageURL: "/apps/todo/", registeredAt: date)
        #expect(Listings.apps([app], timeZone: paris).hasSuffix("com.example.todo  Todo  bundled  2026-12-01 10:00:00  /apps/todo/\n"))
        let category = API.Category(identifier: "reminder", actions: [
            API.Action(identifier: "cancel", title: "Cancel", options: ["foreground"]),
            API.Action(identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "")),
        ])
        let actions = "cancel “Cancel” [foreground], reply “Reply” [text]"
        let header = "CATEGORY  ACTIONS" + String(repeating: " ", count: actions.count - "ACTIONS".count) + "  OPTIONS"
        #expect(Listings.categories([category], app: "a") == "\(header)\nreminder  \(actions)\n")
        #expect(Listings.clock(API.Clock(now: date, isVirtual: true), timeZone: paris) == "2026-12-01 10:00:00 (virtual clock)\n")
    }

    @Test func controlCharactersAreWrittenOut() {
        let hostile = "a\u{1B}]0;x\u{07}b\nc\rd\u{9B}e\u{202E}f\u{7F}"
        let table = TextTable(headers: ["ID"], rows: [[hostile]]).rendered
        #expect(table == "ID\n" + #"a\u{1B}]0;x\u{7}b\u{A}c\u{D}d\u{9B}e\u{202E}f\u{7F}"# + "\n")
        let request = API.Request(identifier: "walk\nFORGED", content: API.Content(title: "\u{1B}[2JWalk"))
        let event = API.Event(
            .delivered(API.Delivery(id: "D1", app: "a", request: request, scheduledDate: date, date: date, isLate: false)),
            sequence: 1, app: "a")
        let line = EventText.line(event, receivedAt: date, timeZone: paris)
        #expect(!line.contains("\n") && !line.contains("\u{1B}"))
        let json = try? Console.json(["title": "x\u{9B}y\u{202E}z\u{1B}"])
        #expect(json?.contains(#"\u009b"#) == true && json?.contains(#"\u202e"#) == true)
        #expect(json?.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x1B } == false)
        let decoded = try? JSONDecoder().decode([String: String].self, from: Data((json ?? "").utf8))
        #expect(decoded?["title"] == "x\u{9B}y\u{202E}z\u{1B}", "the same JSON value")
    }

    @Test func eventsAreOneLineEach() {
        let request = API.Request(identifier: "walk", content: API.Content(title: "Walk"))
        let delivered = API.Event(
            .delivered(API.Delivery(id: "D1", app: "a", request: request, scheduledDate: date, date: date, isLate: false)),
            sequence: 1, app: "a")
        #expect(EventText.line(delivered, receivedAt: date, timeZone: paris)
            == "10:00:00  delivered              a  walk “Walk” delivery D1")
        let badge = API.Event(.badgeChanged(badge: 3), sequence: 2, app: "a")
        #expect(EventText.line(badge, receivedAt: date, timeZone: paris) == "10:00:00  badgeChanged           a  badge 3")
        #expect(EventText.line(API.Event(.pendingChanged, sequence: 3, app: "a"), receivedAt: date, timeZone: paris)
            == "10:00:00  pendingChanged         a")
    }

    @Test func aBackgroundPushIsItsApnsIDAndItsPayloadOnOneLine() {
        let push = API.Event(
            .remoteNotificationReceived(
                apnsID: "5f0c2a1e-8d3b-4c7a-9e21-0b6f4d2c9a10",
                userInfo: ["k": "v\nFORGED", "aps": ["content-available": 1]]),
            sequence: 4, app: "com.example.chat")
        #expect(EventText.line(push, receivedAt: date, timeZone: paris)
            == #"10:00:00  remoteNotificationReceived com.example.chat  push 5f0c2a1e-8d3b-4c7a-9e21-0b6f4d2c9a10 "#
            + #"{"aps":{"content-available":1},"k":"v\nFORGED"}"#)
    }
}
