import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// An app's notification center lists at most `deliveredLimitPerApp` deliveries:
/// one more pushes the oldest out, withdrawn as a removal is. Which ones leave is
/// the store's decision, checked on its own in `FiringBatchListingTests` and
/// `StoreRetentionConformanceTests`; here, end to end.
@Suite("Engine: the notification center's limit per app")
struct NotificationCenterLimitTests {
    /// A fixture whose center keeps three deliveries per app.
    static func fixture(sqlite directory: TemporaryDirectory? = nil) throws -> EngineFixture {
        try EngineFixture(store: directory.map { .sqlite(path: $0.path("engine.sqlite")) } ?? .inMemory) {
            $0.deliveredLimitPerApp = 3
        }
    }

    static func now(_ identifier: String) -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: NotificationContent(title: identifier), trigger: nil)
    }

    @Test("Immediate deliveries beyond the limit push the oldest out, and presenters withdraw them",
          arguments: [false, true])
    func oldestLeave(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try Self.fixture(sqlite: sqlite ? directory : nil)
        try await fixture.authorize()
        let withdrawn = Recorded<DeliveryID>()
        let subscription = fixture.engine.events.subscribeNext { event in
            if case .withdrawn(_, let deliveries) = event { deliveries.forEach(withdrawn.append) }
        }
        defer { subscription.dispose() }
        for index in 1...5 {
            try await fixture.engine.add(Self.now("n\(index)"), for: fixture.app)
        }
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request.identifier) == ["n3", "n4", "n5"])
        let pushedOut = fixture.presenter.presentations.prefix(2).map(\.delivery.id)
        #expect(fixture.presenter.withdrawn == pushedOut)
        #expect(withdrawn.values == pushedOut)
        #expect(fixture.presenter.presentations.count == 5, "each was still shown")
    }

    @Test("A batch firing more than the limit at once keeps the newest; other apps keep theirs")
    func oneBatch() async throws {
        let fixture = try Self.fixture()
        let other: AppIdentifier = "com.example.other"
        try await fixture.authorize()
        try await fixture.authorize(other)
        try await fixture.engine.add(Self.now("theirs"), for: other)
        for index in 1...5 {
            try await fixture.engine.add(EngineFixture.request("r\(index)", after: 60), for: fixture.app)
        }
        fixture.scheduler.advance(by: 60)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).map(\.request.identifier)
            == ["r3", "r4", "r5"])
        #expect(try await fixture.engine.deliveredNotifications(for: other).map(\.request.identifier) == ["theirs"])
        #expect(Set(fixture.presenter.withdrawn) == Set(fixture.presenter.presentations.filter {
            ["r1", "r2"].contains($0.delivery.request.identifier)
        }.map(\.delivery.id)))
    }

    @Test("A delivery pushed out of the center can still be answered while it is kept")
    func pushedOutStillAnswerable() async throws {
        let fixture = try Self.fixture()
        try await fixture.authorize()
        for index in 1...4 {
            try await fixture.engine.add(Self.now("n\(index)"), for: fixture.app)
        }
        let oldest = try #require(fixture.presenter.presentations.first?.delivery)
        try fixture.engine.respond(to: oldest.id, actionIdentifier: NotificationAction.defaultIdentifier, authenticated: true)
        #expect(try fixture.engine.waitingResponses(for: fixture.app).map(\.delivery.id) == [oldest.id])
    }
}
