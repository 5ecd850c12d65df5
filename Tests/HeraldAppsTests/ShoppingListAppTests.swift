import Foundation
import HeraldApps
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Shopping List (seeds 000, 003)")
struct ShoppingListAppTests {
    /// Where LegacyNotifications keeps a `UILocalNotification`'s fields the engine has no place for.
    private let legacyFields = "herald.UILocalNotification"

    private func names(_ reply: JSONValue) -> [String] {
        reply["items"]?.elements.compactMap { $0.field("name") } ?? []
    }

    private func add(_ items: [String], to app: any HeraldApp) async throws -> JSONValue {
        var reply: JSONValue = .null
        for item in items {
            reply = try await app.handle(action: "addItem", body: ["name": .string(item)])
        }
        return reply
    }

    /// Three items and a reminder for 14:00 that fired with the page closed.
    private func remindedAtTwo() async throws -> (AppFixture, any HeraldApp) {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        _ = try await add(["Milk", "Eggs", "Bread"], to: app)
        _ = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T13:00:37Z"])
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 14, 0))
        #expect(fixture.presenter.presentations.count == 1)
        return (fixture, app)
    }

    @Test("The app's identity, and its page read from the module's resources")
    func identity() throws {
        let app = try AppFixture().app("shopping-list")
        let page = try app.page
        #expect(app.identifier == "app.herald.shopping-list")
        #expect(app.displayName == "Shopping List")
        for id in ["new-item", "add-item", "items", "reminder-time", "schedule", "cancel-reminder", "notices"] {
            #expect(page.html.contains("id=\"\(id)\""), "the page has #\(id)")
        }
        #expect(page.html.hasPrefix("<!doctype html>"))
        #expect(page.html.contains(#"<script type="module" src="/apps/shopping-list/page.js"></script>"#))
        #expect(page.html.contains(#"<link rel="stylesheet" href="/ui/apps/app-page.css">"#))
        #expect(page.script.contains("from '/ui/apps/app-page.js'"), "the page builds on what every app page shares")
        #expect(
            [page.html, page.script, page.style].allSatisfy { !$0.contains("http://") && !$0.contains("https://") },
            "no external URL")
    }

    @Test("Starting registers the reminder category with its three actions and contexts")
    func category() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        let category = try #require(try await fixture.engine.categories(for: app.identifier).first)
        #expect(category.identifier == "shoppingListReminderCategory")
        #expect(category.actions.map(\.identifier) == ["justInform", "editList", "trashAction"])
        #expect(category.actions.map(\.title) == ["OK, got it", "Edit list", "Delete list"])
        #expect(category.actions.map(\.options) == [
            [], [.foreground, .authenticationRequired], [.destructive, .authenticationRequired],
        ])
        #expect(category.minimalActions?.map(\.identifier) == ["trashAction", "editList"])
        let state = try await app.handle(action: "state", body: .null)
        #expect(state.field("notifications") == "allowed")
    }

    @Test("Items are added and deleted, saved, and there after a restart")
    func addAndDelete() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        #expect(names(try await app.handle(action: "state", body: .null)).isEmpty, "no file yet: an empty list")
        let added = try await add(["Milk", "Eggs", "Bread"], to: app)
        #expect(names(added) == ["Milk", "Eggs", "Bread"])
        let eggs = try #require(added["items"]?.elements[1].field("id"))
        let reply = try await app.handle(action: "deleteItem", body: ["id": .string(eggs)])
        #expect(names(reply) == ["Milk", "Bread"])

        let saved = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: fixture.file("shopping-list.json")))
        #expect(saved["items"]?.elements.compactMap { $0.field("name") } == ["Milk", "Bread"])
        let relaunched = try fixture.relaunched("shopping-list")
        #expect(names(try await relaunched.handle(action: "state", body: .null)) == ["Milk", "Bread"])
    }

    @Test("Bad input is refused with a typed error and changes nothing")
    func badInput() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        _ = try await add(["Milk"], to: app)
        let before = try Data(contentsOf: fixture.file("shopping-list.json"))
        let refusals: [(String, JSONValue, String)] = [
            ("addItem", ["name": "   "], "invalidInput"),
            ("addItem", ["name": 3], "invalidInput"),
            ("addItem", ["name": .string(String(repeating: "a", count: 201))], "invalidInput"),
            ("addItem", .null, "invalidInput"),
            ("addItem", ["item": "Milk"], "invalidInput"),
            ("deleteItem", ["id": "no-such-item"], "notFound"),
            ("scheduleReminder", ["date": "tomorrow at two"], "invalidInput"),
            ("scheduleReminder", ["date": "2025-01-15T14:00"], "invalidInput"),
            ("scheduleReminder", ["date": "2025-01-15T09:23:10Z"], "invalidInput"),
            ("state", ["unexpected": true], "invalidInput"),
            ("emptyTheFridge", .null, "unknownAction"),
        ]
        for (action, body, code) in refusals {
            let error = try await appError { _ = try await app.handle(action: action, body: body) }
            #expect(error.code.rawValue == code, "\(action) \(body)")
            #expect(!error.message.isEmpty)
        }
        #expect(try Data(contentsOf: fixture.file("shopping-list.json")) == before)
        #expect(names(try await app.handle(action: "state", body: .null)) == ["Milk"])
        #expect(try await fixture.pending(app).isEmpty, "no reminder was scheduled")
    }

    @Test("The reminder fires at the picked minute, second zero, with every action")
    func firesAtWholeMinute() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        // 14:00:37 in Paris.
        let reply = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T13:00:37Z"])
        #expect(reply.field("reminder") == "2025-01-15T13:00:00Z")
        let pending = try #require(try await fixture.pending(app).first)
        #expect(pending.nextFireDate == AppFixture.date(2025, 1, 15, 14, 0, 0))
        #expect(pending.request.content.categoryIdentifier == "shoppingListReminderCategory")
        #expect(pending.request.content.body == "Hey, you must go shopping, remember?")
        #expect(
            pending.request.content.userInfo[legacyFields]?["alertAction"] == "View List",
            "the seed's alert button, kept with the iOS 8 fields")

        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 13, 59, 59))
        #expect(fixture.presenter.presentations.isEmpty)
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 14, 0, 37))
        let shown = try #require(fixture.presenter.presentations.first)
        #expect(fixture.presenter.presentations.count == 1)
        #expect(shown.delivery.date == AppFixture.date(2025, 1, 15, 14, 0, 0))
        #expect(shown.actions.map(\.identifier) == ["justInform", "editList", "trashAction"])
        #expect(shown.bannerActions.map(\.identifier) == ["trashAction", "editList"])
        #expect(try await app.handle(action: "state", body: .null)["reminder"] == .null, "the reminder was used")
    }

    @Test("Scheduling again cancels the old reminder; cancelling leaves none")
    func reschedule() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        _ = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T13:00:00Z"])
        let reply = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T15:30:12+01:00"])
        #expect(reply.field("reminder") == "2025-01-15T14:30:00Z")
        #expect(try await fixture.pending(app).map(\.nextFireDate) == [AppFixture.date(2025, 1, 15, 15, 30)])
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 16, 0))
        #expect(fixture.presenter.presentations.map(\.delivery.date) == [AppFixture.date(2025, 1, 15, 15, 30)])

        _ = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-16T08:00:00Z"])
        let cancelled = try await app.handle(action: "cancelReminder", body: .null)
        #expect(cancelled["reminder"] == .null)
        #expect(try await fixture.pending(app).isEmpty)
    }

    @Test("\"Delete list\" empties and saves the list with the page closed")
    func deleteList() async throws {
        let (fixture, app) = try await remindedAtTwo()
        let refused = await #expect(throws: NotificationError.self) {
            try await fixture.respondToLastShown(with: "trashAction", authenticated: false)
        }
        #expect(refused?.code == .authenticationRequired)
        #expect(names(try await app.handle(action: "state", body: .null)) == ["Milk", "Eggs", "Bread"])

        let log = MessageLog(app)
        try await fixture.respondToLastShown(with: "trashAction", authenticated: true)
        _ = try await log.first(ofType: "changed")
        let saved = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: fixture.file("shopping-list.json")))
        #expect(saved["items"]?.elements.isEmpty == true)
        let relaunched = try fixture.relaunched("shopping-list")
        #expect(names(try await relaunched.handle(action: "state", body: .null)).isEmpty)
        let state = try await app.handle(action: "state", body: .null)
        #expect(names(state).isEmpty)
        #expect(state["focusAddItem"] == false)
    }

    @Test("\"Edit list\" asks the page, once, to focus the add-item field")
    func editList() async throws {
        let (fixture, app) = try await remindedAtTwo()
        #expect(try await app.handle(action: "addItem", body: ["name": "Butter"])["focusAddItem"] == false)
        let log = MessageLog(app)
        try await fixture.respondToLastShown(with: "editList", authenticated: true)
        _ = try await log.first(ofType: "focusAddItem")
        let opened = try await app.handle(action: "state", body: .null)
        #expect(opened["focusAddItem"] == true)
        #expect(names(opened) == ["Milk", "Eggs", "Bread", "Butter"])
        #expect(try await app.handle(action: "state", body: .null)["focusAddItem"] == false, "a one-shot flag")
    }

    @Test("\"OK, got it\" changes nothing")
    func justInform() async throws {
        let (fixture, app) = try await remindedAtTwo()
        let before = try Data(contentsOf: fixture.file("shopping-list.json"))
        let log = MessageLog(app)
        try await fixture.respondToLastShown(with: "justInform", authenticated: false)
        _ = try await log.first(ofType: "changed")
        #expect(try Data(contentsOf: fixture.file("shopping-list.json")) == before)
        let state = try await app.handle(action: "state", body: .null)
        #expect(names(state) == ["Milk", "Eggs", "Bread"] && state["focusAddItem"] == false)
        #expect(try await fixture.engine.deliveredNotifications(for: app.identifier).isEmpty, "answered, it leaves the list")
    }

    @Test("With the page open, the reminder is not shown by the center but in the page")
    func reminderWhilePageOpen() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        _ = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T13:00:00Z"])
        await app.setPageOpen(true)
        let log = MessageLog(app)
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 14, 0))
        let notice = try await log.first(ofType: "notification")
        #expect(notice.field("body") == "Hey, you must go shopping, remember?")
        #expect(fixture.presenter.presentations.isEmpty, "iOS 8 does not show a notification to the app on screen")

        await app.setPageOpen(false)
        _ = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T14:00:00Z"])
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 15, 0))
        #expect(fixture.presenter.presentations.count == 1, "with the page closed the center shows it")
    }

    @Test("Until the user answers, scheduling is refused at once; then it works")
    func waitsForPermission() async throws {
        let fixture = try AppFixture(policy: .ask)
        let app = try fixture.app("shopping-list")
        try await app.start()
        #expect(try await app.handle(action: "state", body: .null).field("notifications") == "waiting")
        _ = try await app.handle(action: "addItem", body: ["name": "Milk"])
        let error = try await appError {
            _ = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T13:00:00Z"])
        }
        #expect(error.code == .notificationsNotAllowed)

        let log = MessageLog(app)
        try fixture.engine.answerAuthorization(for: app.identifier, granted: true)
        _ = try await log.first(ofType: "changed")
        let reply = try await app.handle(action: "scheduleReminder", body: ["date": "2025-01-15T13:00:00Z"])
        #expect(reply.field("notifications") == "allowed")
        #expect(reply.field("reminder") == "2025-01-15T13:00:00Z")
    }
}
