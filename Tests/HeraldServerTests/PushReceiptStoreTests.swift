import Foundation
@testable import HeraldServer
import HeraldTestSupport
import PushService
import Testing

/// Every ``PushResourceStore``'s receipts through each state they can take, and
/// its announcements of the messages it keeps.
@Suite("Push resource stores' receipts and announcements", .offThePool, .timeLimit(.minutes(5)))
struct PushReceiptStoreTests {
    typealias Samples = PushResourceSamples
    static let now = Samples.start
    static let lifetime = PushReceipt.lifetime

    @Test("a receipt is pending until the message is acknowledged, then delivered, and kept a lifetime from then", arguments: PushResourceStoreKind.all)
    func delivered(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let resource = try await store.subscribe(agent: Samples.app, channel: "c", applicationServerKey: nil, now: Self.now)
        let farAway = 10 * Self.lifetime
        _ = try await store.enqueue(Samples.message("asked", on: resource, ttl: farAway, receipt: true), for: Samples.app, isConnected: false, now: Self.now)
        _ = try await store.enqueue(Samples.message("not asked", on: resource), for: Samples.app, isConnected: false, now: Self.now)
        _ = try await store.enqueue(Samples.message("waiting", on: resource, ttl: farAway, receipt: true), for: Samples.app, isConnected: false, now: Self.now)
        #expect(try await store.receipt(id: "asked") == .pending)
        #expect(try await store.receipt(id: "not asked") == nil)
        let acknowledged = Self.now.addingTimeInterval(30)
        #expect(try await store.acknowledge(agent: Samples.app, id: "asked", now: acknowledged))
        #expect(try await store.acknowledge(agent: Samples.app, id: "not asked", now: acknowledged))
        #expect(try await store.receipt(id: "asked") == .delivered(acknowledged))
        #expect(try await store.receipt(id: "not asked") == nil)
        try await store.dropExpired(now: acknowledged.addingTimeInterval(Self.lifetime - 1))
        #expect(try await store.receipt(id: "asked") == .delivered(acknowledged))
        try await store.dropExpired(now: acknowledged.addingTimeInterval(Self.lifetime))
        #expect(try await store.receipt(id: "asked") == nil, "kept a lifetime, not longer")
        #expect(try await store.receipt(id: "waiting") == .pending, "a message waiting keeps its receipt pending however long")
    }

    /// How a message asking a receipt is dropped undelivered at ``now`` + 20 s.
    enum Drop: String, Sendable, CaseIterable {
        case expired, replacedByTopic, notConnected, takenExpired
    }

    @Test("a receipt dropped with its message is kept a lifetime from then", arguments: PushResourceStoreKind.all, Drop.allCases)
    func dropped(_ kind: PushResourceStoreKind, how drop: Drop) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let resource = try await store.subscribe(agent: Samples.browser, channel: "c", applicationServerKey: nil, now: Self.now)
        let dropped = Self.now.addingTimeInterval(20)
        let isConnected = drop != .notConnected
        let outcome = try await store.enqueue(
            Samples.message("m", on: resource, topic: "t", ttl: drop == .notConnected ? 0 : 20, receipt: true),
            for: Samples.browser, isConnected: isConnected, now: drop == .notConnected ? dropped : Self.now)
        #expect(outcome == (isConnected ? .queued : .notConnected))
        switch drop {
        case .expired: try await store.dropExpired(now: dropped)
        case .takenExpired: #expect(try await store.takeUnsent(agent: Samples.browser, now: dropped).isEmpty)
        case .replacedByTopic:
            let outcome = try await store.enqueue(
                Samples.message("n", on: resource, topic: "t"), for: Samples.browser, isConnected: true, now: dropped)
            #expect(outcome == .replaced(["m"]))
        case .notConnected: break
        }
        #expect(try await store.receipt(id: "m") == .dropped)
        try await store.dropExpired(now: dropped.addingTimeInterval(Self.lifetime - 1))
        #expect(try await store.receipt(id: "m") == .dropped)
        try await store.dropExpired(now: dropped.addingTimeInterval(Self.lifetime))
        #expect(try await store.receipt(id: "m") == nil)
    }

    @Test("a receipt is dropped with its resource, unsubscribed or replaced by another key", arguments: PushResourceStoreKind.all)
    func droppedWithTheResource(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        for channel in ["gone", "rekeyed", "kept"] {
            let resource = try await store.subscribe(agent: Samples.app, channel: channel, applicationServerKey: nil, now: Self.now)
            _ = try await store.enqueue(Samples.message(channel, on: resource, receipt: true), for: Samples.app, isConnected: true, now: Self.now)
        }
        _ = try await store.takeUnsent(agent: Samples.app, now: Self.now)
        try await store.unsubscribe(agent: Samples.app, channel: "gone", now: Self.now)
        _ = try await store.subscribe(agent: Samples.app, channel: "rekeyed", applicationServerKey: Samples.key, now: Self.now)
        #expect(try await store.receipt(id: "gone") == .dropped)
        #expect(try await store.receipt(id: "rekeyed") == .dropped)
        #expect(try await store.receipt(id: "kept") == .pending)
        #expect(try await !store.acknowledge(agent: Samples.app, id: "gone", now: Self.now))
        #expect(try await store.receipt(id: "gone") == .dropped, "an acknowledgement too late changes nothing")
    }

    @Test("a message kept is announced with its receiver; one refused, or never kept for TTL 0, is not", arguments: PushResourceStoreKind.all)
    func announces(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let heard = Recorded<PushAgent?>()
        store.follow { heard.append($0) }
        if kind.isShared {
            // The listening connection is up once it reports that anything may have changed.
            try await TwoNodeDaemonTests.eventually("the store listens") { heard.values.contains(nil) }
        }
        let app = try await store.subscribe(agent: Samples.app, channel: "c", applicationServerKey: nil, now: Self.now)
        let browser = try await store.subscribe(agent: Samples.browser, channel: "c", applicationServerKey: nil, now: Self.now)
        let gone = try await store.subscribe(agent: Samples.otherApp, channel: "c", applicationServerKey: nil, now: Self.now)
        try await store.unsubscribe(agent: Samples.otherApp, channel: "c", now: Self.now)
        await #expect(throws: PushResourceRefusal.notFound) {
            try await store.enqueue(Samples.message("refused", on: gone), for: Samples.otherApp, isConnected: true, now: Self.now)
        }
        #expect(try await store.enqueue(Samples.message("never", on: browser, ttl: 0), for: Samples.browser, isConnected: false, now: Self.now) == .notConnected)
        _ = try await store.enqueue(Samples.message("a", on: app, topic: "t"), for: Samples.app, isConnected: false, now: Self.now)
        _ = try await store.enqueue(Samples.message("b", on: app, topic: "t"), for: Samples.app, isConnected: false, now: Self.now)
        _ = try await store.enqueue(Samples.message("c", on: browser), for: Samples.browser, isConnected: false, now: Self.now)
        // Announcements arrive in the order of their commits: the last one heard, none is missing.
        try await TwoNodeDaemonTests.eventually("the last message is heard of") { heard.values.contains(Samples.browser) }
        #expect(heard.values.compactMap(\.self) == [Samples.app, Samples.app, Samples.browser])
    }

    @Test("a change naming a receiver reads back as it was announced", arguments: [
        PushResourceSamples.browser, PushResourceSamples.otherApp, PushAgent(.unifiedPush, "a b%20c:ünï/x"),
    ])
    func payload(_ agent: PushAgent) {
        let change = DaemonDatabase.Change.pushAgent(agent)
        #expect(!change.payload.contains(" "))
        #expect(DaemonDatabase.Change(payload: change.payload) == change)
    }

    @Test("a change naming no receiver Herald knows is not read", arguments: ["push-agent:", "push-agent:xx%3Aname", "push-agent:%ZZ"])
    func unknownPayload(_ payload: String) {
        #expect(DaemonDatabase.Change(payload: payload) == nil)
    }
}
