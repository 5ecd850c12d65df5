import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// A delivery keeps the category it fired with: responses are checked against it,
/// not against whatever the app registered since.
@Suite("Engine: the category a delivery was made with")
struct CategorySnapshotTests {
    static let original = NotificationCategory(
        identifier: "list",
        actions: [
            NotificationAction(identifier: "ok", title: "OK"),
            NotificationAction(identifier: "trash", title: "Delete list", options: [.destructive, .authenticationRequired]),
        ])
    /// The same category redefined after delivery: no authentication, a new action,
    /// dismissals reported.
    static let redefined = NotificationCategory(
        identifier: "list",
        actions: [
            NotificationAction(identifier: "ok", title: "OK", options: [.foreground]),
            NotificationAction(identifier: "trash", title: "Delete list", options: [.destructive]),
            NotificationAction(identifier: "sneak", title: "Added later"),
        ],
        options: [.customDismissAction])

    @Test("After the app redefines the category, a response is still checked against the delivery's own",
          arguments: [false, true])
    func redefinedCategory(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("snapshot.sqlite")
        let fixture = try EngineFixture(store: sqlite ? .sqlite(path: path) : .inMemory)
        let delivery = try await ResponseTests.delivered(fixture, category: Self.original)
        #expect(delivery.category == Self.original)
        #expect(fixture.presenter.presentations.last?.actions == Self.original.actions)
        try await fixture.engine.setCategories([Self.redefined], for: fixture.app)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).first?.category == Self.original)

        let engines = sqlite ? [fixture.engine, try EngineFixture(store: .sqlite(path: path)).engine] : [fixture.engine]
        for engine in engines {
            try await Self.expectOriginalRules(delivery, engine: engine, app: fixture.app)
        }
    }

    /// Checks that `engine` answers `delivery` by ``original``'s rules.
    static func expectOriginalRules(_ delivery: Delivery, engine: NotificationEngine, app: AppIdentifier) async throws {
        let unauthenticated = #expect(throws: NotificationError.self) {
            try engine.respond(to: delivery.id, actionIdentifier: "trash", authenticated: false)
        }
        #expect(unauthenticated?.code == .authenticationRequired)
        let added = #expect(throws: NotificationError.self) {
            try engine.respond(to: delivery.id, actionIdentifier: "sneak", authenticated: true)
        }
        #expect(added?.code == .invalidResponse)
        #expect(try await engine.deliveredNotifications(for: app).map(\.id) == [delivery.id])
    }

    @Test("The delivery's category decides whether an action opens the app and whether a dismissal is reported",
          arguments: [false, true])
    func foregroundAndDismissal(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try EngineFixture(store: sqlite ? .sqlite(path: directory.path("snapshot.sqlite")) : .inMemory)
        let first = try await ResponseTests.delivered(fixture, category: Self.original)
        try await fixture.engine.setCategories([Self.redefined], for: fixture.app)
        let events = Recorded<NotificationEvent>()
        let watching = fixture.engine.events.subscribeNext { events.append($0) }
        defer { watching.dispose() }
        try fixture.engine.respond(to: first.id, actionIdentifier: "ok", authenticated: false)
        #expect(!events.values.contains(.appOpened(app: fixture.app)), "\"ok\" was a background action when it fired")

        try await fixture.engine.setCategories([Self.original], for: fixture.app)
        var request = EngineFixture.request("second", after: 1)
        request.content.categoryIdentifier = "list"
        try await fixture.engine.add(request, for: fixture.app)
        fixture.scheduler.advance(by: 1)
        let second = try #require(fixture.presenter.presentations.last?.delivery)
        try await fixture.engine.setCategories([Self.redefined], for: fixture.app)
        let responses = Recorded<NotificationResponse>()
        let answering = fixture.engine.responses(for: fixture.app).subscribeNext { responses.append($0) }
        defer { answering.dispose() }
        try fixture.engine.respond(to: second.id, actionIdentifier: NotificationAction.dismissIdentifier, authenticated: false)
        #expect(responses.values.isEmpty, "the category had no custom dismiss action when it fired")
    }

    @Test("A category the app removed before the request fired leaves the delivery without actions")
    func removedBeforeFiring() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.setCategories([Self.original], for: fixture.app)
        var request = EngineFixture.request("r", after: 1)
        request.content.categoryIdentifier = "list"
        try await fixture.engine.add(request, for: fixture.app)
        try await fixture.engine.setCategories([], for: fixture.app)
        fixture.scheduler.advance(by: 1)
        let delivery = try #require(fixture.presenter.presentations.last?.delivery)
        #expect(delivery.category == NotificationCategory(identifier: "list", actions: []))
        #expect(fixture.presenter.presentations.last?.actions == [])
        try await fixture.engine.setCategories([Self.redefined], for: fixture.app)
        let error = #expect(throws: NotificationError.self) {
            try fixture.engine.respond(to: delivery.id, actionIdentifier: "trash", authenticated: false)
        }
        #expect(error?.code == .invalidResponse)
    }

    @Test("A delivery without a category has none")
    func noCategory() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("plain", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.presenter.presentations.last?.delivery.category == nil)
    }
}
