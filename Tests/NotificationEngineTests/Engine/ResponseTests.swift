import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// A user's answers end to end: through the store, the app's handler, the
/// presenters and the engine's signals. Which answer is valid, with which error
/// code, and what reaches or opens the app are checked on the core alone
/// (`ResponsePolicyTests`, `RespondingFlowTests`).
@Suite("Engine: responses")
struct ResponseTests {
    static let category = NotificationCategory(
        identifier: "list",
        actions: [
            NotificationAction(identifier: "ok", title: "OK, got it"),
            NotificationAction(identifier: "edit", title: "Edit list", options: [.foreground, .authenticationRequired]),
            NotificationAction(identifier: "trash", title: "Delete list", options: [.destructive, .authenticationRequired]),
            NotificationAction(
                identifier: "reply", title: "Reply",
                textInput: NotificationAction.TextInput(buttonTitle: "Send", placeholder: "…")),
        ])

    /// Delivers one notification of the category and returns it.
    static func delivered(_ fixture: EngineFixture, category: NotificationCategory = category) async throws -> Delivery {
        try await fixture.authorize()
        try await fixture.engine.setCategories([category], for: fixture.app)
        var request = EngineFixture.request("r", after: 1)
        request.content.categoryIdentifier = category.identifier
        try await fixture.engine.add(request, for: fixture.app)
        fixture.scheduler.advance(by: 1)
        return try #require(fixture.presenter.presentations.last?.delivery)
    }

    @Test("A background action reaches the connected app without opening it")
    func backgroundAction() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.delivered(fixture)
        let handler = ScriptedHandler(options: [])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: "ok", userText: nil, authenticated: false, for: fixture.app)
        #expect(handler.received.map(\.actionIdentifier) == ["ok"])
        #expect(handler.received.first?.kind == .action)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
        #expect(fixture.presenter.withdrawn == [delivery.id])
        fixture.scheduler.advance(by: 1)
        try await fixture.engine.add(EngineFixture.request("next", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(handler.asked.isEmpty, "the app stayed in the background")
    }

    @Test("A foreground action and a tap open the app")
    func foregroundOpens() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.delivered(fixture)
        let opened = Recorded<AppIdentifier>()
        let subscription = fixture.engine.events.subscribeNext { event in
            if case .appOpened(let app) = event { opened.append(app) }
        }
        defer { subscription.dispose() }
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: "edit", userText: nil, authenticated: true, for: fixture.app)
        #expect(opened.values == [fixture.app])
    }

    @Test("A refused answer changes nothing; an unknown delivery, another app's or one answered is not found")
    func badResponses() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.delivered(fixture)
        let refused = await #expect(throws: NotificationError.self) {
            try await fixture.engine.respond(
                to: delivery.id, actionIdentifier: "trash", userText: nil, authenticated: false, for: fixture.app)
        }
        #expect(refused?.code == .authenticationRequired)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).map(\.id) == [delivery.id])
        let strangers: [(DeliveryID, AppIdentifier)] = [(DeliveryID(), fixture.app), (delivery.id, "com.example.other")]
        for (id, app) in strangers {
            let error = await #expect(throws: NotificationError.self) {
                try await fixture.engine.respond(
                    to: id, actionIdentifier: "ok", userText: nil, authenticated: true, for: app)
            }
            #expect(error?.code == .deliveryNotFound, "\(app)")
        }
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: "reply", userText: "on my way", authenticated: true, for: fixture.app)
        let twice = await #expect(throws: NotificationError.self) {
            try await fixture.engine.respond(
                to: delivery.id, actionIdentifier: "ok", userText: nil, authenticated: true, for: fixture.app)
        }
        #expect(twice?.code == .deliveryNotFound)
    }

    @Test("A response given while the app is not connected reaches it when it connects, once")
    func queuedUntilConnect() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.delivered(fixture)
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: "reply", userText: "hi", authenticated: false, for: fixture.app)
        let handler = ScriptedHandler(options: [])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        #expect(handler.received.map(\.userText) == ["hi"])
        #expect(handler.received.first?.kind == .text)
        connection.dispose()
        let again = ScriptedHandler(options: [])
        let second = try await fixture.engine.connect(again, for: fixture.app)
        defer { second.dispose() }
        #expect(again.received.isEmpty)
    }

    @Test("A response handler that never completes times out and is not handed over again")
    func didReceiveTimeout() async throws {
        let fixture = try EngineFixture { $0.handlerTimeout = 10 }
        let delivery = try await Self.delivered(fixture)
        let stuck = ScriptedHandler(options: [], completesResponses: false)
        let connection = try await fixture.engine.connect(stuck, for: fixture.app)
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: "ok", userText: nil, authenticated: false, for: fixture.app)
        fixture.scheduler.advance(by: 10)
        connection.dispose()
        let next = ScriptedHandler(options: [])
        let second = try await fixture.engine.connect(next, for: fixture.app)
        defer { second.dispose() }
        #expect(stuck.received.count == 1)
        #expect(next.received.isEmpty)
    }

    @Test("The responses signal reports what reaches the app")
    func responsesSignal() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.delivered(fixture)
        let seen = Recorded<String>()
        let subscription = fixture.engine.responses(for: fixture.app).subscribeNext { seen.append($0.actionIdentifier) }
        defer { subscription.dispose() }
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, userText: nil,
            authenticated: false, for: fixture.app)
        #expect(seen.values == [NotificationAction.defaultIdentifier])
    }

    @Test("A delivery removed from the center stays answerable for the retention time, then is pruned")
    func retention() async throws {
        let fixture = try EngineFixture { $0.deliveryRetention = 7 * 86_400 }
        try await fixture.authorize()
        try await fixture.engine.add(
            [EngineFixture.request("a", after: 1), EngineFixture.request("b", after: 1),
             EngineFixture.request("tick", after: 3_600, repeats: true)], for: fixture.app)
        fixture.scheduler.advance(by: 1)
        let ids = Dictionary(uniqueKeysWithValues: fixture.presenter.presentations.map {
            ($0.delivery.request.identifier, $0.delivery.id)
        })
        try await fixture.engine.removeDeliveredNotifications(withIdentifiers: ["a", "b"], for: fixture.app)
        fixture.scheduler.advance(by: 6 * 86_400)
        try await fixture.engine.respond(
            to: try #require(ids["a"]), actionIdentifier: NotificationAction.defaultIdentifier, userText: nil,
            authenticated: false, for: fixture.app)
        fixture.scheduler.advance(by: 2 * 86_400)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.respond(
                to: try #require(ids["b"]), actionIdentifier: NotificationAction.defaultIdentifier, userText: nil,
                authenticated: false, for: fixture.app)
        }
        #expect(error?.code == .deliveryNotFound)
    }
}
