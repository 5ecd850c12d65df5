import Foundation
import HeraldApps
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Todo (seed 001)")
struct TodoAppTests {
    private func titles(_ reply: JSONValue) -> [String] {
        reply["items"]?.elements.compactMap { $0.field("title") } ?? []
    }

    private func overdue(_ reply: JSONValue) -> [Bool] {
        reply["items"]?.elements.compactMap { $0["overdue"]?.boolValue } ?? []
    }

    @discardableResult
    private func add(_ title: String, due deadline: String, to app: any HeraldApp) async throws -> JSONValue {
        try await app.handle(action: "add", body: ["title": .string(title), "deadline": .string(deadline)])
    }

    private func uuid(of title: String, in reply: JSONValue) throws -> String {
        let item = reply["items"]?.elements.first { $0.field("title") == title }
        return try #require(item?.field("UUID"))
    }

    @Test("The app's identity, and its page read from the module's resources")
    func identity() throws {
        let app = try AppFixture().app("todo")
        let page = try app.page
        #expect(app.identifier == "app.herald.todo")
        #expect(app.displayName == "Todo")
        for id in ["new-title", "new-deadline", "add", "items", "limit-note"] {
            #expect(page.html.contains("id=\"\(id)\""), "the page has #\(id)")
        }
        #expect(page.style.contains(".overdue"))
        #expect(page.html.contains(#"<script type="module" src="/apps/todo/page.js"></script>"#))
        #expect(page.html.contains(#"<link rel="stylesheet" href="/ui/apps/app-page.css">"#))
        #expect(page.script.contains("from '/ui/apps/app-page.js'"), "the page builds on what every app page shares")
        #expect(
            [page.html, page.script, page.style].allSatisfy { !$0.contains("http://") && !$0.contains("https://") },
            "no external URL")
    }

    @Test("Items come sorted by deadline, each with the seed's reminder at its deadline")
    func itemsAndReminders() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("todo")
        try await add("Pay rent", due: "2025-01-16T09:00:00Z", to: app)
        try await add("Call mum", due: "2025-01-15T10:00:00Z", to: app)
        let reply = try await add("Buy stamps", due: "2025-01-15T12:30:00.000+01:00", to: app)
        #expect(titles(reply) == ["Call mum", "Buy stamps", "Pay rent"])
        #expect(reply["items"]?.elements.compactMap { $0.field("deadline") } == [
            "2025-01-15T10:00:00Z", "2025-01-15T11:30:00Z", "2025-01-16T09:00:00Z",
        ])
        #expect(overdue(reply) == [false, false, false])
        #expect(reply["canAdd"] == true && reply["limit"] == 64)

        let pending = try await fixture.pending(app)
        #expect(pending.map(\.request.content.body) == [
            "Todo Item \"Call mum\" Is Overdue", "Todo Item \"Buy stamps\" Is Overdue",
            "Todo Item \"Pay rent\" Is Overdue",
        ])
        #expect(pending.allSatisfy { $0.request.content.sound == .default })
        #expect(pending.allSatisfy { $0.request.content.categoryIdentifier == "TODO_CATEGORY" })
        #expect(
            pending.allSatisfy { $0.request.content.userInfo["herald.UILocalNotification"]?["alertAction"] == "open" },
            "the seed's alert button, kept with the iOS 8 fields")
        for (request, title) in zip(pending, ["Call mum", "Buy stamps", "Pay rent"]) {
            #expect(request.request.content.userInfo["UUID"] == .string(try uuid(of: title, in: reply)))
        }
        #expect(pending.map(\.nextFireDate) == [
            AppFixture.date(2025, 1, 15, 11, 0), AppFixture.date(2025, 1, 15, 12, 30),
            AppFixture.date(2025, 1, 16, 10, 0),
        ])
        let relaunched = try fixture.relaunched("todo")
        #expect(titles(try await relaunched.handle(action: "list", body: .null)) == titles(reply))
    }

    @Test("Overdue is computed by the app's clock, from the moment the reminder fires")
    func overdueByTheServerClock() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("todo")
        try await add("Call mum", due: "2025-01-15T10:00:00Z", to: app)
        try await add("Pay rent", due: "2025-01-16T09:00:00Z", to: app)
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 10, 59, 59))
        #expect(overdue(try await app.handle(action: "list", body: .null)) == [false, false])
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 11, 0))
        let list = try await app.handle(action: "list", body: .null)
        #expect(overdue(list) == [true, false])
        #expect(list.field("now") == "2025-01-15T10:00:00Z")
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.body) == [
            "Todo Item \"Call mum\" Is Overdue",
        ])
        #expect(fixture.presenter.presentations.map(\.delivery.date) == [AppFixture.date(2025, 1, 15, 11, 0)])
        #expect(fixture.presenter.presentations.allSatisfy { $0.sound == .default }, "with the default sound")
    }

    @Test("Completing an item cancels its reminder and removes it")
    func complete() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("todo")
        try await add("Call mum", due: "2025-01-15T10:00:00Z", to: app)
        let added = try await add("Pay rent", due: "2025-01-16T09:00:00Z", to: app)
        let mum = try uuid(of: "Call mum", in: added)
        let reply = try await app.handle(action: "complete", body: ["UUID": .string(mum)])
        #expect(titles(reply) == ["Pay rent"])
        let rent = try uuid(of: "Pay rent", in: added)
        #expect(try await fixture.pending(app).map { $0.request.content.userInfo["UUID"] } == [.string(rent)])
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 12, 0))
        #expect(fixture.presenter.presentations.isEmpty, "the completed item's reminder never fires")

        let deleted = try await app.handle(action: "delete", body: ["UUID": .string(rent)])
        #expect(titles(deleted).isEmpty)
        #expect(try await fixture.pending(app).isEmpty)
        #expect(titles(try await fixture.relaunched("todo").handle(action: "list", body: .null)).isEmpty)
    }

    @Test("At 64 items adding is disabled and refused; completing one enables it")
    func limit() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("todo")
        var reply: JSONValue = .null
        for day in 0..<64 {
            let due = AppFixture.start.addingTimeInterval(Double(day + 1) * 3600)
            let deadline = ISO8601DateFormatter().string(from: due)
            reply = try await add("Item \(day)", due: deadline, to: app)
            #expect(reply["canAdd"] == .bool(day < 63))
        }
        let error = try await appError { try await add("One too many", due: "2025-01-20T09:00:00Z", to: app) }
        #expect(error.code == .limitReached)
        #expect(titles(try await app.handle(action: "list", body: .null)).count == 64)
        #expect(try await fixture.pending(app).count == 64)

        let fifth = try uuid(of: "Item 5", in: reply)
        let completed = try await app.handle(action: "complete", body: ["UUID": .string(fifth)])
        #expect(completed["canAdd"] == true)
        #expect(titles(try await add("Now it fits", due: "2025-01-20T09:00:00Z", to: app)).count == 64)
        #expect(try await fixture.pending(app).count == 64)
    }

    @Test("A reminder firing with the page open refreshes the list and shows in the page")
    func refreshesWhenAReminderFires() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("todo")
        try await add("Call mum", due: "2025-01-15T10:00:00Z", to: app)
        let opening = MessageLog(app)
        await app.setPageOpen(true)
        _ = try await opening.first(ofType: "changed")

        let log = MessageLog(app)
        fixture.scheduler.advance(to: AppFixture.date(2025, 1, 15, 11, 0))
        let notice = try await log.first(ofType: "notification")
        #expect(notice.field("body") == "Todo Item \"Call mum\" Is Overdue")
        _ = try await log.first(ofType: "changed")
        #expect(overdue(try await app.handle(action: "list", body: .null)) == [true])
        #expect(fixture.presenter.presentations.isEmpty, "iOS 8 shows no notification to the app on screen")
    }

    @Test("Bad input is refused with a typed error and changes nothing")
    func badInput() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("todo")
        try await add("Call mum", due: "2025-01-15T10:00:00Z", to: app)
        let before = try Data(contentsOf: fixture.file("todo.json"))
        let refusals: [(String, JSONValue, String)] = [
            ("add", ["title": "", "deadline": "2025-01-15T10:00:00Z"], "invalidInput"),
            ("add", ["title": "Pay rent"], "invalidInput"),
            ("add", ["title": "Pay rent", "deadline": "next Friday"], "invalidInput"),
            ("add", ["title": "Pay rent", "deadline": 1_736_935_200], "invalidInput"),
            ("add", ["title": .string(String(repeating: "x", count: 201)), "deadline": "2025-01-15T10:00:00Z"],
             "invalidInput"),
            ("add", ["Pay rent"], "invalidInput"),
            ("complete", ["UUID": "not-an-item"], "notFound"),
            ("complete", ["uuid": "lowercase key"], "invalidInput"),
            ("list", "please", "invalidInput"),
            ("snooze", .null, "unknownAction"),
        ]
        for (action, body, code) in refusals {
            let error = try await appError { _ = try await app.handle(action: action, body: body) }
            #expect(error.code.rawValue == code, "\(action) \(body)")
        }
        #expect(try Data(contentsOf: fixture.file("todo.json")) == before)
        #expect(try await fixture.pending(app).count == 1)
    }
}
