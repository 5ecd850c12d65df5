import Foundation
@testable import HeraldServer
import HeraldTestSupport
import PushService
import Testing

/// ``PostgresPushResources`` on two nodes of one database: a message kept on one
/// is announced on the other and taken there, and calls on one receiver from both
/// at once decide its bounds and topics on what the other kept.
@Suite(
    "Push resources on a shared database", .offThePool, .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
struct TwoNodePushResourceTests {
    typealias Samples = PushResourceSamples
    static let now = Samples.start

    /// Runs `count` calls of `body` on each node at once; what each answered.
    static func atOnce<T: Sendable>(
        on nodes: [any InspectablePushResources], count: Int,
        _ body: @escaping @Sendable (_ store: any PushResourceStore, _ node: Int, _ index: Int) async throws -> T
    ) async throws -> [Result<T, any Error>] {
        try await withThrowingTaskGroup(of: Result<T, any Error>.self) { group in
            for (node, store) in nodes.enumerated() {
                for index in 0..<count {
                    group.addTask {
                        do { return .success(try await body(store, node, index)) } catch { return .failure(error) }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("a message kept on one node is announced on the other, with its receiver, and taken there")
    func announcedAndTaken() async throws {
        let opened = try PushResourceStoreKind.postgres.open(2)
        let heard = Recorded<PushAgent?>()
        opened.nodes[1].follow { heard.append($0) }
        try await TwoNodeDaemonTests.eventually("the second node listens") { heard.values.contains(nil) }
        let agent = PushAgent(.unifiedPush, "org.example.App with spaces/ünicode%")
        let resource = try await opened.nodes[0].subscribe(agent: agent, channel: "c", applicationServerKey: Samples.key, now: Self.now)
        #expect(try await opened.nodes[1].resource(token: resource.token) == resource)
        let message = Samples.message("m-aesgcm", on: resource, topic: "t", receipt: true)
        #expect(try await opened.nodes[0].enqueue(message, for: agent, isConnected: false, now: Self.now) == .queued)
        try await TwoNodeDaemonTests.eventually("the second node hears of the message") { heard.values.contains(agent) }
        var sent = message
        sent.isSent = true
        #expect(try await opened.nodes[1].takeUnsent(agent: agent, now: Self.now) == [sent])
        #expect(try await opened.nodes[1].acknowledge(agent: agent, id: message.id, now: Self.now))
        #expect(try await opened.nodes[0].receipt(id: message.id) == .delivered(Self.now))
    }

    @Test("two nodes enqueuing on one resource at once never keep more than its share")
    func capacity() async throws {
        let opened = try PushResourceStoreKind.postgres.open(2)
        let resource = try await opened.store.subscribe(agent: Samples.app, channel: "c", applicationServerKey: nil, now: Self.now)
        // Two places left: the first call on each node, at once, takes one each; none more.
        let kept = PushAgentQueue.capacityPerResource - 2
        for index in 0..<kept {
            _ = try await opened.nodes[index % 2].enqueue(
                Samples.message("m\(index)", on: resource), for: Samples.app, isConnected: false, now: Self.now)
        }
        let outcomes = try await Self.atOnce(on: opened.nodes, count: 10) { store, node, index in
            try await store.enqueue(
                Samples.message("node \(node) message \(index)", on: resource), for: Samples.app, isConnected: false,
                now: Self.now)
        }
        #expect(outcomes.filter { (try? $0.get()) == .queued }.count == 2)
        #expect(outcomes.filter { ($0.failure as? PushResourceRefusal) == .tooManyOnResource }.count == 18)
        let messages = try opened.nodes[1].queue(of: Samples.app).messages
        #expect(messages.count == PushAgentQueue.capacityPerResource)
        #expect(messages.prefix(kept).map(\.id) == (0..<kept).map { "m\($0)" })
    }

    @Test("messages with one topic sent at once from two nodes keep one place, each replacing the one before")
    func topic() async throws {
        let opened = try PushResourceStoreKind.postgres.open(2)
        let resource = try await opened.store.subscribe(agent: Samples.browser, channel: "c", applicationServerKey: nil, now: Self.now)
        let outcomes = try await Self.atOnce(on: opened.nodes, count: 15) { store, node, index in
            try await store.enqueue(
                Samples.message("\(node)-\(index)", on: resource, topic: "score"), for: Samples.browser, isConnected: true,
                now: Self.now)
        }.map { try $0.get() }
        #expect(outcomes.filter { $0 == .queued }.count == 1)
        let replaced: [String] = outcomes.flatMap { outcome -> [String] in
            if case .replaced(let ids) = outcome { ids } else { [] }
        }
        #expect(replaced.count == 29 && Set(replaced).count == 29, "each replaced once, by the next")
        let waiting = try opened.nodes[0].queue(of: Samples.browser).messages.map(\.id)
        #expect(waiting.count == 1)
        #expect(!replaced.contains(waiting[0]))
    }

    @Test("two nodes subscribing one receiver at once stop at its capacity, and agree on a channel's resource")
    func subscriptions() async throws {
        let opened = try PushResourceStoreKind.postgres.open(2)
        for index in 0..<(PushResource.capacityPerAgent - 5) {
            _ = try await opened.nodes[index % 2].subscribe(
                agent: Samples.app, channel: "c\(index)", applicationServerKey: nil, now: Self.now)
        }
        let made = try await Self.atOnce(on: opened.nodes, count: 5) { store, node, index in
            try await store.subscribe(agent: Samples.app, channel: "node \(node) \(index)", applicationServerKey: nil, now: Self.now)
        }
        #expect(made.filter { (try? $0.get()) != nil }.count == 5)
        #expect(made.filter { ($0.failure as? PushServiceError)?.code == .tooManySubscriptions }.count == 5)
        #expect(try await opened.nodes[1].resources(of: Samples.app).count == PushResource.capacityPerAgent)

        let same = try await Self.atOnce(on: opened.nodes, count: 5) { store, _, _ in
            try await store.subscribe(agent: Samples.browser, channel: "c", applicationServerKey: Samples.key, now: Self.now)
        }.map { try $0.get().token }
        #expect(Set(same).count == 1, "registering again from either node gives the one resource")
    }
}

extension Result {
    /// The error, when it failed.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
