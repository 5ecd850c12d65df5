import Foundation
import HeraldApps
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Nag Me (seed 004)")
struct NagMeAppTests {
    private func bells(_ reply: JSONValue) -> [String: Bool] {
        var bells: [String: Bool] = [:]
        for task in reply["tasks"]?.elements ?? [] {
            if let title = task.field("title") { bells[title] = task["bell"]?.boolValue }
        }
        return bells
    }

    /// The app started with the seed's three tasks, the bell of "Walk Dog" on.
    private func nagging() async throws -> (AppFixture, any HeraldApp) {
        let fixture = try AppFixture()
        let app = try await fixture.started("nag-me")
        for task in ["Wash Up", "Walk Dog", "Exercise"] {
            _ = try await app.handle(action: "addTask", body: ["title": .string(task)])
        }
        let reply = try await app.handle(action: "toggle", body: ["title": "Walk Dog"])
        #expect(bells(reply) == ["Wash Up": false, "Walk Dog": true, "Exercise": false])
        return (fixture, app)
    }

    private func shown(_ fixture: AppFixture) -> [String] {
        fixture.presenter.presentations.map(\.delivery.request.identifier)
    }

    @Test("The app's identity, and its page read from the module's resources")
    func identity() throws {
        let app = try AppFixture().app("nag-me")
        let page = try app.page
        #expect(app.identifier == "app.herald.nag-me")
        #expect(app.displayName == "Nag Me")
        for id in ["new-task", "add-task", "tasks", "notices"] {
            #expect(page.html.contains("id=\"\(id)\""), "the page has #\(id)")
        }
        #expect(page.script.contains("bell") && page.html.contains("aria-live"))
        #expect(page.html.contains(#"<script type="module" src="/apps/nag-me/page.js"></script>"#))
        #expect(page.html.contains(#"<link rel="stylesheet" href="/ui/apps/app-page.css">"#))
        #expect(page.script.contains("from '/ui/apps/app-page.js'"), "the page builds on what every app page shares")
        #expect(
            [page.html, page.script, page.style].allSatisfy { !$0.contains("http://") && !$0.contains("https://") },
            "no external URL")
    }

    @Test("Starting registers the reminder category with its foreground Cancel action")
    func category() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("nag-me")
        let categories = try await fixture.engine.categories(for: app.identifier)
        #expect(categories.map(\.identifier) == ["reminder"])
        #expect(categories.first?.actions.map(\.identifier) == ["cancel"])
        #expect(categories.first?.actions.map(\.title) == ["Cancel"])
        #expect(categories.first?.actions.first?.options == [.foreground])
    }

    @Test("Ringing a bell adds a request named after the task, repeating every 60 s")
    func reminderRequest() async throws {
        let (fixture, app) = try await nagging()
        let pending = try await fixture.pending(app)
        #expect(pending.map(\.request.identifier) == ["Walk Dog"])
        let request = try #require(pending.first?.request)
        #expect(request.content.title == "Task Reminder")
        #expect(request.content.body == "Walk Dog!!")
        #expect(request.content.sound == .default)
        #expect(request.content.categoryIdentifier == "reminder")
        #expect(request.trigger == .timeInterval(TimeIntervalTrigger(interval: 60, repeats: true)))
        #expect(pending.first?.nextFireDate == AppFixture.start.addingTimeInterval(60))
    }

    @Test("A reminder nags every minute until its bell is turned off")
    func repeatsUntilTurnedOff() async throws {
        let (fixture, app) = try await nagging()
        fixture.scheduler.advance(by: 59)
        #expect(shown(fixture).isEmpty)
        fixture.scheduler.advance(by: 1)
        #expect(shown(fixture) == ["Walk Dog"])
        fixture.scheduler.advance(by: 120)
        #expect(fixture.presenter.presentations.map(\.delivery.date) == [60, 120, 180].map {
            AppFixture.start.addingTimeInterval($0)
        })
        #expect(fixture.presenter.presentations.allSatisfy { $0.actions.map(\.identifier) == ["cancel"] })
        #expect(fixture.presenter.presentations.allSatisfy { $0.sound != nil }, "every nag rings")

        let reply = try await app.handle(action: "toggle", body: ["title": "Walk Dog"])
        #expect(bells(reply)["Walk Dog"] == false)
        #expect(try await fixture.pending(app).isEmpty)
        fixture.scheduler.advance(by: 600)
        #expect(shown(fixture).count == 3)
    }

    @Test("Answering \"Cancel\" stops the reminder and turns its bell off")
    func cancelAction() async throws {
        let (fixture, app) = try await nagging()
        _ = try await app.handle(action: "toggle", body: ["title": "Exercise"])
        fixture.scheduler.advance(by: 60)
        #expect(Set(shown(fixture)) == ["Walk Dog", "Exercise"])
        let walkDog = try #require(
            fixture.presenter.presentations.first { $0.delivery.request.identifier == "Walk Dog" })

        let log = MessageLog(app)
        try await fixture.engine.respond(
            to: walkDog.delivery.id, actionIdentifier: "cancel", userText: nil, authenticated: true,
            for: app.identifier)
        _ = try await log.first(ofType: "changed")
        #expect(try await fixture.pending(app).map(\.request.identifier) == ["Exercise"])
        #expect(bells(try await app.handle(action: "list", body: .null)) == [
            "Wash Up": false, "Walk Dog": false, "Exercise": true,
        ])
        await app.setPageOpen(false)
        fixture.scheduler.advance(by: 180)
        #expect(shown(fixture).filter { $0 == "Walk Dog" }.count == 1, "Walk Dog never nags again")
        #expect(shown(fixture).filter { $0 == "Exercise" }.count == 4)
    }

    @Test("A bell turned on and off before its first minute never rings")
    func togglingTwice() async throws {
        let (fixture, app) = try await nagging()
        let reply = try await app.handle(action: "toggle", body: ["title": "Walk Dog"])
        #expect(bells(reply)["Walk Dog"] == false)
        #expect(try await fixture.pending(app).isEmpty)
        fixture.scheduler.advance(by: 300)
        #expect(shown(fixture).isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: app.identifier).isEmpty)
    }

    @Test("Tapping a reminder does not stop it")
    func tapKeepsNagging() async throws {
        let (fixture, app) = try await nagging()
        fixture.scheduler.advance(by: 60)
        let log = MessageLog(app)
        try await fixture.respondToLastShown(with: NotificationAction.defaultIdentifier)
        _ = try await log.first(ofType: "changed")
        #expect(bells(try await app.handle(action: "list", body: .null))["Walk Dog"] == true)
        #expect(try await fixture.pending(app).map(\.request.identifier) == ["Walk Dog"])
        fixture.scheduler.advance(by: 60)
        #expect(shown(fixture) == ["Walk Dog", "Walk Dog"])
    }

    @Test("With the page open, reminders are still shown, and in the page too")
    func presentsWhilePageOpen() async throws {
        let (fixture, app) = try await nagging()
        await app.setPageOpen(true)
        let log = MessageLog(app)
        fixture.scheduler.advance(by: 60)
        let notice = try await log.first(ofType: "notification")
        #expect(notice.field("title") == "Task Reminder")
        #expect(notice.field("body") == "Walk Dog!!")
        #expect(notice.field("identifier") == "Walk Dog")
        let presented = try #require(fixture.presenter.presentations.first)
        #expect(presented.delivery.request.identifier == "Walk Dog")
        #expect(presented.sound != nil)
        #expect(try await fixture.engine.deliveredNotifications(for: app.identifier).count == 1, "kept in the list")
        fixture.scheduler.advance(by: 60)
        #expect(log.types.filter { $0 == "notification" }.count == 2)
    }

    @Test("Tasks are saved; deleting one stops its reminder")
    func tasksPersist() async throws {
        let (fixture, app) = try await nagging()
        let relaunched = try fixture.relaunched("nag-me")
        let list = try await relaunched.handle(action: "list", body: .null)
        #expect(list["tasks"]?.elements.compactMap { $0.field("title") } == ["Wash Up", "Walk Dog", "Exercise"])

        let reply = try await app.handle(action: "deleteTask", body: ["title": "Walk Dog"])
        #expect(reply["tasks"]?.elements.compactMap { $0.field("title") } == ["Wash Up", "Exercise"])
        #expect(try await fixture.pending(app).isEmpty)
        let saved = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: fixture.file("nag-me.json")))
        #expect(saved["tasks"] == ["Wash Up", "Exercise"])
    }

    @Test("Bad input is refused with a typed error and changes nothing")
    func badInput() async throws {
        let (fixture, app) = try await nagging()
        let before = try Data(contentsOf: fixture.file("nag-me.json"))
        let refusals: [(String, JSONValue, String)] = [
            ("addTask", ["title": "Walk Dog"], "invalidInput"),
            ("addTask", ["title": " \n "], "invalidInput"),
            ("addTask", ["name": "Sleep"], "invalidInput"),
            ("toggle", ["title": "Sleep"], "notFound"),
            ("toggle", ["title": 1], "invalidInput"),
            ("deleteTask", ["title": "Sleep"], "notFound"),
            ("list", [1, 2], "invalidInput"),
            ("snooze", ["title": "Walk Dog"], "unknownAction"),
        ]
        for (action, body, code) in refusals {
            let error = try await appError { _ = try await app.handle(action: action, body: body) }
            #expect(error.code.rawValue == code, "\(action) \(body)")
        }
        #expect(try Data(contentsOf: fixture.file("nag-me.json")) == before)
        #expect(try await fixture.pending(app).map(\.request.identifier) == ["Walk Dog"])
    }

    @Test("Until the user answers, bells are refused at once and the page still loads")
    func waitsForPermission() async throws {
        let fixture = try AppFixture(policy: .ask)
        let app = try fixture.app("nag-me")
        try await app.start()
        _ = try await app.handle(action: "addTask", body: ["title": "Walk Dog"])
        let list = try await app.handle(action: "list", body: .null)
        #expect(list.field("notifications") == "waiting")
        #expect(bells(list) == ["Walk Dog": false])
        await app.setPageOpen(true)
        let error = try await appError { _ = try await app.handle(action: "toggle", body: ["title": "Walk Dog"]) }
        #expect(error.code == .notificationsNotAllowed)

        let log = MessageLog(app)
        try fixture.engine.answerAuthorization(for: app.identifier, granted: false)
        _ = try await log.first(ofType: "changed")
        #expect(try await app.handle(action: "list", body: .null).field("notifications") == "denied")
        let denied = try await appError { _ = try await app.handle(action: "toggle", body: ["title": "Walk Dog"]) }
        #expect(denied.code == .notificationsNotAllowed)
    }
}
