import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// What the daemon needs from the engine beyond the service protocol.
@Suite("Engine: lookups and change events for the daemon")
struct DaemonSupportTests {
    @Test("A delivery is found by its id, answered or not; an unknown id finds nothing")
    func deliveryByID() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("r", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        let delivery = try #require(fixture.presenter.presentations.last?.delivery)
        #expect(try fixture.engine.delivery(delivery.id) == delivery)
        try fixture.engine.respond(to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, authenticated: true)
        #expect(try fixture.engine.delivery(delivery.id)?.request.identifier == "r")
        #expect(try fixture.engine.delivery(DeliveryID()) == nil)
    }

    @Test("Adding and removing pending requests report pendingChanged for the app")
    func pendingChanged() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let changes = Recorded<AppIdentifier>()
        let subscription = fixture.engine.events.subscribeNext { event in
            if case .pendingChanged(let app) = event { changes.append(app) }
        }
        defer { subscription.dispose() }
        try await fixture.engine.add(EngineFixture.request("a", after: 10), for: fixture.app)
        try await fixture.engine.removePendingRequests(withIdentifiers: ["a"], for: fixture.app)
        try await fixture.engine.removeAllPendingRequests(for: fixture.app)
        #expect(changes.values == [fixture.app, fixture.app, fixture.app])
        await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(EngineFixture.request("b", after: -1), for: fixture.app)
        }
        #expect(changes.values.count == 3, "a refused add changes nothing and reports nothing")
    }
}
