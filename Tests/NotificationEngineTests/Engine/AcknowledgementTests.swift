import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

/// Answers given while an app's handler is not connected are kept until the app
/// has them, across restarts, and pruned after the retention once acknowledged.
@Suite("Engine: responses kept until the app acknowledges them")
struct AcknowledgementTests {
    static let day: TimeInterval = 24 * 3_600

    /// Delivers one notification of ``ResponseTests/category`` and answers it with
    /// "ok", with no handler connected.
    static func answered(_ fixture: EngineFixture) async throws -> Delivery {
        let delivery = try await ResponseTests.delivered(fixture)
        try fixture.engine.respond(to: delivery.id, actionIdentifier: "ok", authenticated: false)
        return delivery
    }

    @Test("An answer with no handler connected waits; acknowledged, it is gone and not acknowledged twice")
    func acknowledge() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.answered(fixture)
        #expect(try fixture.engine.waitingResponses(for: fixture.app).map(\.delivery.id) == [delivery.id])
        try fixture.engine.acknowledgeResponse(to: delivery.id, for: fixture.app)
        #expect(try fixture.engine.waitingResponses(for: fixture.app).isEmpty)
        let again = #expect(throws: NotificationError.self) {
            try fixture.engine.acknowledgeResponse(to: delivery.id, for: fixture.app)
        }
        #expect(again?.code == .deliveryNotFound)
        let handler = ScriptedHandler(options: [])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        #expect(handler.received.isEmpty, "nothing acknowledged is handed over again")
    }

    @Test("Only the app's own answer is acknowledged; another app's acknowledgement changes nothing")
    func otherApp() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.answered(fixture)
        let error = #expect(throws: NotificationError.self) {
            try fixture.engine.acknowledgeResponse(to: delivery.id, for: "com.example.other")
        }
        #expect(error?.code == .deliveryNotFound)
        #expect(try fixture.engine.waitingResponses(for: fixture.app).count == 1)
    }

    @Test("A dismissal the app does not get is not kept, and the event says so")
    func dismissalNotKept() async throws {
        let fixture = try EngineFixture()
        let delivery = try await ResponseTests.delivered(fixture)
        let reaches = Recorded<Bool>()
        let subscription = fixture.engine.events.subscribeNext { event in
            if case .responded(_, let reachesApp) = event { reaches.append(reachesApp) }
        }
        defer { subscription.dispose() }
        try fixture.engine.respond(
            to: delivery.id, actionIdentifier: NotificationAction.dismissIdentifier, authenticated: false)
        #expect(reaches.values == [false])
        #expect(try fixture.engine.waitingResponses(for: fixture.app).isEmpty)
    }

    @Test("An acknowledged answer's delivery is pruned after the retention, though nothing is pending")
    func prunedAfterAcknowledgement() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.answered(fixture)
        fixture.scheduler.advance(by: 8 * Self.day)
        #expect(try fixture.engine.delivery(delivery.id) != nil, "kept while the app has not had the answer")
        try fixture.engine.acknowledgeResponse(to: delivery.id, for: fixture.app)
        fixture.scheduler.advance(by: Self.day)
        #expect(try fixture.engine.delivery(delivery.id) == nil)
    }

    @Test("An answer waits across a restart of an SQLite engine; acknowledged, it stays gone after the next")
    func acrossRestarts() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("engine.sqlite")
        var fixture: EngineFixture? = try EngineFixture(store: .sqlite(path: path))
        let delivery = try await Self.answered(try #require(fixture))
        fixture = nil
        let restarted = try EngineFixture(store: .sqlite(path: path))
        let waiting = try restarted.engine.waitingResponses(for: restarted.app)
        #expect(waiting.map(\.delivery.id) == [delivery.id])
        #expect(waiting.map(\.actionIdentifier) == ["ok"])
        try restarted.engine.acknowledgeResponse(to: delivery.id, for: restarted.app)
        let again = try EngineFixture(store: .sqlite(path: path))
        #expect(try again.engine.waitingResponses(for: again.app).isEmpty)
        withExtendedLifetime(restarted) {}
    }

    @Test("A handler connected in process still completes answers itself, with nothing to acknowledge")
    func inProcessHandler() async throws {
        let fixture = try EngineFixture()
        let delivery = try await Self.answered(fixture)
        let handler = ScriptedHandler(options: [])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        #expect(handler.received.map(\.delivery.id) == [delivery.id])
        #expect(try fixture.engine.waitingResponses(for: fixture.app).isEmpty)
    }
}
