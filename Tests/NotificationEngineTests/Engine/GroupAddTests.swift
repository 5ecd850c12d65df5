import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

/// `addEach`, the group commit behind the daemon's adds: one transaction, but each
/// add with the result it would have had on its own, on both stores. What each
/// add of a group gets, and which apps hear of it, is decided by the adding
/// flow, tested on its own in `Core/AddingFlowTests.swift` and
/// `Core/AddingDecisionTests.swift`.
@Suite("Engine: adds committed in a group")
struct GroupAddTests {
    typealias GroupedAdd = NotificationEngine.GroupedAdd
    static let other: AppIdentifier = "com.example.other"
    static let unauthorized: AppIdentifier = "com.example.unauthorized"

    /// A group mixing every kind of outcome: plain adds, a replacement of an add made
    /// earlier in the group, an invalid request, an invalid app, an app that is not
    /// authorized, an add over the pending limit, an eviction of an earlier add of the
    /// group, a batch, and a second app.
    static func mixedGroup(_ app: AppIdentifier) -> [GroupedAdd] {
        let r = EngineFixture.request
        return [
            GroupedAdd([r("a", 10, false, "T")], for: app),
            GroupedAdd([r("b", 20, false, "T")], for: app),
            GroupedAdd([r("a", 15, false, "again")], for: app),
            GroupedAdd([r("", 10, false, "T")], for: app),
            GroupedAdd([r("x", 10, false, "T")], for: "not an app!"),
            GroupedAdd([r("y", 10, false, "T")], for: unauthorized),
            GroupedAdd([r("c", 30, false, "T")], for: app),
            GroupedAdd([r("d", 5, false, "T")], for: app),
            GroupedAdd([r("late", 99, false, "T")], for: app),
            GroupedAdd([r("e", 1, false, "T"), r("f", 2, false, "T")], for: app),
            GroupedAdd([r("o", 7, false, "T")], for: other),
        ]
    }

    static func fixture(_ store: NotificationStoreKind) async throws -> EngineFixture {
        let fixture = try EngineFixture(store: store) { $0.pendingLimitPerApp = 4 }
        try await fixture.authorize()
        try await fixture.authorize(other)
        return fixture
    }

    @Test("Each add of a group gets what it would have got made alone, in order", arguments: [false, true])
    func sameAsOneByOne(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let grouped = try await Self.fixture(sqlite ? .sqlite(path: directory.path("grouped.sqlite")) : .inMemory)
        let single = try await Self.fixture(sqlite ? .sqlite(path: directory.path("single.sqlite")) : .inMemory)
        let group = Self.mixedGroup(grouped.app)

        let together = grouped.engine.addEach(group).map(AddOutcome.init)
        var alone: [AddOutcome] = []
        for add in group {
            do {
                alone.append(.added(evicted: try await single.engine.add(add.requests, for: add.app).evictedIdentifiers))
            } catch {
                alone.append(AddOutcome(.failure(error)))
            }
        }

        // Which add gets what is the adding flow's (Core/AddingDecisionTests.swift); here, that the engine agrees.
        #expect(together == alone)
        for app in [grouped.app, Self.other, Self.unauthorized] {
            let mine = try await grouped.engine.pendingRequests(for: app)
            let theirs = try await single.engine.pendingRequests(for: app)
            #expect(mine.map(\.request) == theirs.map(\.request))
            #expect(mine.map(\.nextFireDate) == theirs.map(\.nextFireDate))
        }
        #expect(try await grouped.engine.pendingRequests(for: grouped.app).map(\.request.identifier) == ["e", "f", "d", "a"])
        #expect(try await grouped.engine.pendingRequests(for: grouped.app).last?.request.content.title == "again")

        // What is pending fires as it would have: the counts and the due window agree.
        grouped.scheduler.advance(by: 100)
        single.scheduler.advance(by: 100)
        #expect(grouped.presentedIdentifiers.sorted() == single.presentedIdentifiers.sorted())
        #expect(grouped.presentedIdentifiers.sorted() == ["a", "d", "e", "f", "o"])
        #expect(try await grouped.engine.pendingRequests(for: grouped.app).isEmpty)
    }

    @Test("The pending version moves with every change of pending requests, and only then")
    func pendingVersion() async throws {
        let fixture = try await Self.fixture(.inMemory)
        let engine = fixture.engine
        var version = engine.pendingVersion
        if fixture.isShared {
            // Other engines change a shared store without telling: every look is new.
            #expect(engine.pendingVersion != version)
            #expect(try engine.versionedPendingRequests(for: fixture.app).version != engine.pendingVersion)
            return
        }

        func moved() -> Bool {
            let new = engine.pendingVersion
            defer { version = new }
            return new != version
        }

        try await engine.add(EngineFixture.request("a", after: 10), for: fixture.app)
        #expect(moved())
        try await engine.add([EngineFixture.request("r", after: 60, repeats: true)], for: fixture.app)
        #expect(moved())
        _ = try await engine.pendingRequests(for: fixture.app)
        let listed = try engine.versionedPendingRequests(for: fixture.app)
        #expect(listed.version == version)
        #expect(listed.requests.map(\.request.identifier) == ["a", "r"])
        #expect(!moved())
        await #expect(throws: NotificationError.self) {
            try await engine.add(EngineFixture.request("", after: 10), for: fixture.app)
        }
        #expect(!moved())
        fixture.scheduler.advance(by: 10)  // "a" fires and is gone
        #expect(moved())
        fixture.scheduler.advance(by: 50)  // "r" fires and is rescheduled
        #expect(moved())
        try await engine.removePendingRequests(withIdentifiers: ["r"], for: fixture.app)
        #expect(moved())
        try await engine.add(EngineFixture.request("b", after: 10), for: fixture.app)
        #expect(moved())
        try await engine.removeAllPendingRequests(for: fixture.app)
        #expect(moved())
        _ = engine.addEach([GroupedAdd([EngineFixture.request("c", after: 10)], for: fixture.app),
                            GroupedAdd([EngineFixture.request("d", after: 10)], for: fixture.app)])
        #expect(moved())
    }
}
