import Foundation
import NotificationEngine
import Signals
import Testing

/// The pending limit end to end: an eviction reaches the store and firing, and
/// a repeating request's firing leaves its count alone. Which request the limit
/// evicts and which add it refuses are decided by the adding flow, tested on its
/// own in `Core/AddingDecisionTests.swift`.
@Suite("Engine: the pending limit")
struct LimitsTests {
    @Test("A request that fires sooner than the latest evicts the latest-firing one")
    func soonerEvictsLatest() async throws {
        let fixture = try EngineFixture { $0.pendingLimitPerApp = 3 }
        try await fixture.authorize()
        try await fixture.engine.add(
            [EngineFixture.request("a", after: 10), EngineFixture.request("b", after: 30),
             EngineFixture.request("c", after: 20)], for: fixture.app)
        let result = try await fixture.engine.add(EngineFixture.request("d", after: 5), for: fixture.app)
        #expect(result.evictedIdentifiers == ["b"])
        let pending = try await fixture.engine.pendingRequests(for: fixture.app)
        #expect(pending.map(\.request.identifier) == ["d", "a", "c"])
        fixture.scheduler.advance(by: 60)
        #expect(fixture.presentedIdentifiers == ["d", "a", "c"])
    }

    @Test("A repeating request counts once, and replacing does not count twice")
    func repeatingCountsOnce() async throws {
        let fixture = try EngineFixture { $0.pendingLimitPerApp = 2 }
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("nag", after: 60, repeats: true), for: fixture.app)
        try await fixture.engine.add(EngineFixture.request("once", after: 600), for: fixture.app)
        fixture.scheduler.advance(by: 300)
        try await fixture.engine.add(EngineFixture.request("once", after: 30), for: fixture.app)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).count == 2)
    }
}
