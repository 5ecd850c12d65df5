import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Engine: restarts on SQLite")
struct DowntimeTests {
    @Test("After downtime an overdue one-shot request is delivered once, marked late")
    func overdueOneShot() async throws {
        let directory = try TemporaryDirectory()
        let store = NotificationStoreKind.sqlite(path: directory.path("herald.sqlite"))
        let first = try EngineFixture(store: store)
        try await first.authorize()
        try await first.engine.add(EngineFixture.request("a", after: 60), for: first.app)
        first.scheduler.advance(by: 30)

        let later = EngineFixture.start.addingTimeInterval(3_600)
        let second = try EngineFixture(store: store, start: later)
        #expect(second.presentedIdentifiers == ["a"], "delivered while starting")
        let delivery = try #require(second.presenter.presentations.first?.delivery)
        #expect(delivery.isLate)
        #expect(delivery.scheduledDate == EngineFixture.start.addingTimeInterval(60))
        #expect(delivery.date == later)
        second.scheduler.advance(by: 3_600)
        #expect(second.presenter.presentations.count == 1)
    }

    @Test("A repeating request missed many times is delivered once, then keeps its cadence")
    func missedRepeats() async throws {
        let directory = try TemporaryDirectory()
        let store = NotificationStoreKind.sqlite(path: directory.path("herald.sqlite"))
        let first = try EngineFixture(store: store)
        try await first.authorize()
        try await first.engine.add(EngineFixture.request("nag", after: 60, repeats: true), for: first.app)
        first.scheduler.advance(by: 60)
        #expect(first.presenter.presentations.count == 1)

        let second = try EngineFixture(store: store, start: EngineFixture.start.addingTimeInterval(60 * 10 + 30))
        #expect(second.presenter.presentations.count == 1, "nine missed fires give one late delivery")
        #expect(second.presenter.presentations.first?.delivery.isLate == true)
        second.scheduler.advance(by: 30)
        let dates = second.presenter.presentations.map { $0.delivery.date.timeIntervalSince(EngineFixture.start) }
        #expect(dates == [630, 660])
    }

    @Test("A burst fired over several transactions leaves nothing to hand over again after a restart")
    func burstClearsItsOutbox() async throws {
        let directory = try TemporaryDirectory()
        let store = NotificationStoreKind.sqlite(path: directory.path("herald.sqlite"))
        let first = try EngineFixture(store: store) { $0.dueWindowSize = 4 }
        try await first.authorize()
        let identifiers = (0..<11).map { "burst-\($0)" }
        try await first.engine.add(identifiers.map { EngineFixture.request($0, after: 60) }, for: first.app)
        first.scheduler.advance(by: 60)
        #expect(first.presentedIdentifiers.sorted() == identifiers.sorted())

        let second = try EngineFixture(store: store, start: EngineFixture.start.addingTimeInterval(61))
        #expect(second.presenter.presentations.isEmpty, "nothing is handed over twice")
        let delivered = try await second.engine.deliveredNotifications(for: second.app)
        #expect(delivered.map(\.request.identifier).sorted() == identifiers.sorted())
    }

    @Test("Deliveries, categories, badges and authorization survive a restart")
    func statePersists() async throws {
        let directory = try TemporaryDirectory()
        let store = NotificationStoreKind.sqlite(path: directory.path("herald.sqlite"))
        let first = try EngineFixture(store: store)
        try await first.authorize()
        try await first.engine.setCategories([NotificationCategory(identifier: "c", actions: [])], for: first.app)
        try await first.engine.setBadgeCount(4, for: first.app)
        try await first.engine.add(EngineFixture.request("a", after: 1), for: first.app)
        first.scheduler.advance(by: 1)

        let second = try EngineFixture(store: store, start: EngineFixture.start.addingTimeInterval(5))
        #expect(try await second.engine.deliveredNotifications(for: second.app).map(\.request.identifier) == ["a"])
        #expect(try await second.engine.categories(for: second.app).map(\.identifier) == ["c"])
        #expect(try await second.engine.badgeCount(for: second.app) == 4)
        #expect(try await second.engine.notificationSettings(for: second.app).authorizationStatus == .authorized)
        #expect(second.presenter.presentations.isEmpty, "nothing is presented twice")
    }

    @Test("A response given before a restart reaches the app after it, once")
    func responseSurvives() async throws {
        let directory = try TemporaryDirectory()
        let store = NotificationStoreKind.sqlite(path: directory.path("herald.sqlite"))
        let first = try EngineFixture(store: store)
        try await first.authorize()
        try await first.engine.add(EngineFixture.request("a", after: 1), for: first.app)
        first.scheduler.advance(by: 1)
        let delivery = try #require(first.presenter.presentations.first?.delivery)
        try await first.engine.respond(
            to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, userText: nil,
            authenticated: false, for: first.app)

        let second = try EngineFixture(store: store, start: EngineFixture.start.addingTimeInterval(5))
        let handler = ScriptedHandler(options: [])
        let connection = try await second.engine.connect(handler, for: second.app)
        connection.dispose()
        #expect(handler.received.map(\.delivery.id) == [delivery.id])
        let third = try EngineFixture(store: store, start: EngineFixture.start.addingTimeInterval(9))
        let again = ScriptedHandler(options: [])
        let reconnection = try await third.engine.connect(again, for: third.app)
        reconnection.dispose()
        #expect(again.received.isEmpty)
    }
}
