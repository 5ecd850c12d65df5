import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Testing

/// A delivery keeps the category it fired with: responses are checked against it,
/// not against whatever the app registered since. End to end here, through each
/// store and an engine opened again; the decisions themselves are checked on the
/// core alone (`EngineCoreFiringTests`, `RespondingFlowTests`).
@Suite("Engine: the category a delivery was made with")
struct CategorySnapshotTests {
    /// A category as it was when the delivery was made, and as the app redefined
    /// it after: no authentication, a new action, dismissals reported.
    static let original = RespondingFlowTests.original
    static let redefined = RespondingFlowTests.redefined

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
}
