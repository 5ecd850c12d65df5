import Foundation
import NotificationEngine
import Signals
import Testing

@Suite("Engine: the pending limit")
struct LimitsTests {
    @Test("The 65th request that fires last is refused and changes nothing")
    func sixtyFifthRefused() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        for index in 1...64 {
            try await fixture.engine.add(EngineFixture.request("r\(index)", after: Double(index)), for: fixture.app)
        }
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(EngineFixture.request("r65", after: 65), for: fixture.app)
        }
        #expect(error?.code == .pendingLimitReached)
        #expect(error?.message.contains("64") == true)
        let pending = try await fixture.engine.pendingRequests(for: fixture.app)
        #expect(pending.count == 64)
        #expect(!pending.contains { $0.request.identifier == "r65" })
    }

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

    @Test("The limit is per app")
    func perApp() async throws {
        let fixture = try EngineFixture { $0.pendingLimitPerApp = 1 }
        let other: AppIdentifier = "com.example.other"
        try await fixture.authorize()
        try await fixture.authorize(other)
        try await fixture.engine.add(EngineFixture.request("a", after: 10), for: fixture.app)
        try await fixture.engine.add(EngineFixture.request("a", after: 10), for: other)
        await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(EngineFixture.request("b", after: 20), for: fixture.app)
        }
    }

    @Test("A batch is all or nothing")
    func batchAtomic() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(
                [EngineFixture.request("ok", after: 10), EngineFixture.request("bad", after: -1)], for: fixture.app)
        }
        #expect(error?.code == .invalidTrigger)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).isEmpty)
    }
}
