import Foundation
import HTTPTypes
import HeraldAPI
import HeraldTestSupport
@testable import HeraldServer
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOWebSocket
import NotificationEngine
import PostgresNIO
import PostgresSupport
import Synchronization
import Testing

/// Two daemons (nodes) in one process on one PostgreSQL schema, each with its own
/// data directory: the event stream of either carries both nodes' events, numbered
/// the same on both.
@Suite(
    "Event streams across nodes sharing a PostgreSQL database",
    .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired), .timeLimit(.minutes(2)))
struct TwoNodeEventStreamTests {
    /// One message of a stream: its text as sent, and what it decodes to.
    struct Message: Sendable {
        var text: String
        var event: API.Event
    }

    /// A throwaway schema, dropped when the test lets go of it.
    final class Schema: Sendable {
        let url: String

        init() throws {
            url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        }

        /// The schema's URL for a node whose connections carry `name`, to find them by.
        func url(applicationName name: String) -> String {
            url + "&application_name=" + name
        }

        deinit {
            guard let store = try? PostgresStore(url: url) else { return }
            try? store.dropSchema()
            store.close()
        }
    }

    /// Opens `path` on `client` with `token`, runs `opened` once the first message
    /// arrived, and returns the messages read until `done` holds for them.
    static func read(
        _ client: any TestClientProtocol, token: String, path: String,
        opened: @escaping @Sendable () async throws -> Void = {},
        until done: @escaping @Sendable ([Message]) -> Bool
    ) async throws -> [Message] {
        let received = Mutex<[Message]>([])
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = [.authorization: "Bearer \(token)"]
        try await client.ws(path, configuration: configuration) { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else { continue }
                let event = try API.decoder().decode(API.Event.self, from: Data(text.utf8))
                let messages = received.withLock { $0.append(Message(text: text, event: event)); return $0 }
                if messages.count == 1 { try await opened() }
                if done(messages) { break }
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return received.withLock { $0 }
    }

    /// Whether `messages` hold `count` events of this type.
    static func has(_ count: Int, _ type: API.Event.Kind.Name) -> @Sendable ([Message]) -> Bool {
        { messages in messages.count { $0.event.type == type } >= count }
    }

    /// Runs `body` with two daemons on the schema, both serving.
    static func withTwoNodes(
        _ schema: Schema, applicationNames: (String, String) = ("herald", "herald"),
        _ body: @escaping @Sendable (Node, Node) async throws -> Void
    ) async throws {
        let a = try TestDaemon(databaseURL: schema.url(applicationName: applicationNames.0))
        let b = try TestDaemon(databaseURL: schema.url(applicationName: applicationNames.1))
        try await a.withLiveServer { clientA in
            try await b.withLiveServer { clientB in
                try await body(Node(daemon: a, client: clientA), Node(daemon: b, client: clientB))
            }
        }
    }

    /// A daemon and a client of its live server.
    struct Node: Sendable {
        let daemon: TestDaemon
        let client: any TestClientProtocol

        var admin: String { daemon.admin }
        var hub: EventStream { daemon.daemon.services.hub }

        func read(
            _ path: String, opened: @escaping @Sendable () async throws -> Void = {},
            until done: @escaping @Sendable ([Message]) -> Bool
        ) async throws -> [Message] {
            try await TwoNodeEventStreamTests.read(client, token: admin, path: path, opened: opened, until: done)
        }
    }

    @Test("a delivery on one node reaches a stream on the other live, with the same numbers and the same JSON")
    func liveAcrossNodes() async throws {
        let schema = try Schema()
        try await Self.withTwoNodes(schema) { a, b in
            let shop = try await a.client.register("com.example.shop", admin: a.admin)
            let onB = try await b.read("/v1/events?after=0", opened: {
                _ = try await a.client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("milk", in: nil))
            }, until: Self.has(1, .presented))
            let onA = try await a.read("/v1/events?after=0", until: Self.has(1, .presented))
            #expect(onB.map(\.text) == onA.map(\.text))
            #expect(onB.map(\.event.sequence) == Array(1...onB.count))
            #expect(onB.contains { $0.event.type == .delivered })
        }
        withExtendedLifetime(schema) {}
    }

    @Test("each app's events are numbered on their own, the same on both nodes, whichever node they happened on")
    func perAppNumbering() async throws {
        let schema = try Schema()
        try await Self.withTwoNodes(schema) { a, b in
            let shop = try await a.client.register("com.example.shop", admin: a.admin)
            let todo = try await b.client.register("com.example.todo", admin: b.admin)
            for index in 0..<3 {
                _ = try await a.client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("s\(index)"))
                _ = try await b.client.call(
                    .post, "/v1/apps/com.example.todo/requests", token: todo, json: API.Request.simple("t\(index)"))
            }
            let shopOnA = try await a.read("/v1/events?app=com.example.shop&after=0", until: Self.has(3, .pendingChanged))
            let shopOnB = try await b.read("/v1/events?app=com.example.shop&after=0", until: Self.has(3, .pendingChanged))
            let todoOnA = try await a.read("/v1/events?app=com.example.todo&after=0", until: Self.has(3, .pendingChanged))
            let all = try await b.read("/v1/events?after=0", until: Self.has(6, .pendingChanged))
            #expect(shopOnA.map(\.text) == shopOnB.map(\.text))
            #expect(shopOnB.map(\.event.sequence) == Array(1...shopOnB.count))
            #expect(todoOnA.map(\.event.sequence) == Array(1...todoOnA.count))
            #expect(all.map(\.event.sequence) == Array(1...all.count))
            #expect(all.count == shopOnB.count + todoOnA.count)
            let shopInAll = all.filter { $0.event.app == "com.example.shop" }.map(\.event.type)
            #expect(shopInAll == shopOnB.map(\.event.type))
        }
        withExtendedLifetime(schema) {}
    }

    @Test("?after=N on one node replays what was published on the other, in either scope")
    func resumeOnOtherNode() async throws {
        let schema = try Schema()
        try await Self.withTwoNodes(schema) { a, b in
            let shop = try await a.client.register("com.example.shop", admin: a.admin)
            for index in 0..<3 {
                _ = try await a.client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("s\(index)"))
            }
            let seen = try await a.read("/v1/events?after=0", until: Self.has(3, .pendingChanged))
            let count = seen.count
            let resumed = try await b.read("/v1/events?after=2") { $0.count >= count - 2 }
            #expect(resumed.map(\.text) == seen.dropFirst(2).map(\.text))
            let appSeen = try await a.read("/v1/events?app=com.example.shop&after=0") { $0.count >= count }
            let appResumed = try await b.read("/v1/events?app=com.example.shop&after=1") { $0.count >= count - 1 }
            #expect(appResumed.map(\.text) == appSeen.dropFirst().map(\.text))
        }
        withExtendedLifetime(schema) {}
    }

    @Test("an app removed on one node is forgotten on the other: its numbering starts afresh and its old events are not replayed")
    func forgetAcrossNodes() async throws {
        let schema = try Schema()
        try await Self.withTwoNodes(schema) { a, b in
            let shop = try await a.client.register("com.example.shop", admin: a.admin)
            for index in 0..<2 {
                _ = try await a.client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("s\(index)"))
            }
            // Until B has the removal's appsChanged (the second), the removal is committed.
            let admin = a.admin
            let before = try await b.read("/v1/events?after=0", opened: {
                _ = try await a.client.call(.delete, "/v1/apps/com.example.shop", token: admin)
            }, until: Self.has(2, .appsChanged))
            #expect(before.contains { $0.event.type == .pendingChanged }, "B saw the old events live")
            let afresh = try await b.read("/v1/events?app=com.example.shop&after=0", opened: {
                _ = try await a.client.register("com.example.shop", admin: admin)
            }, until: Self.has(2, .appsChanged))
            #expect(afresh.first?.event.type == .appsChanged, "the old events are not replayed")
            #expect(!afresh.contains { $0.event.type == .pendingChanged })
            #expect(afresh.map(\.event.sequence) == Array(1...afresh.count))
            let onA = try await a.read("/v1/events?app=com.example.shop&after=0") { $0.count >= afresh.count }
            #expect(onA.map(\.text) == afresh.map(\.text))
        }
        withExtendedLifetime(schema) {}
    }

    @Test("600 events published on each node at once reach both nodes' streams in one order, without gaps or duplicates")
    func concurrentPublishing() async throws {
        let schema = try Schema()
        let perNode = 600
        try await Self.withTwoNodes(schema) { a, b in
            let (ready, signal) = AsyncStream.makeStream(of: Void.self)
            a.hub.publish(API.Event(.appsChanged, app: "com.example.node-a"))
            // Each stream is live once it has that first event; only then do the 1,200
            // (more than a replay gives) start: each must reach every stream live.
            async let onA = a.read("/v1/events?after=0", opened: { signal.yield() }) { $0.count > 2 * perNode }
            async let onB = b.read("/v1/events?after=0", opened: { signal.yield() }) { $0.count > 2 * perNode }
            async let nodeAOnB = b.read("/v1/events?app=com.example.node-a&after=0", opened: { signal.yield() }) {
                $0.count > perNode
            }
            var signals = ready.makeAsyncIterator()
            for _ in 0..<3 { _ = await signals.next() }
            await withDiscardingTaskGroup { group in
                for (node, name) in [(a, "com.example.node-a"), (b, "com.example.node-b")] {
                    group.addTask {
                        for index in 0..<perNode {
                            node.hub.publish(API.Event(.badgeChanged(badge: index), app: name))
                            if index % 50 == 0 { await Task.yield() }
                        }
                    }
                }
            }
            let (streamA, streamB, appStream) = try await (onA, onB, nodeAOnB)
            let badges = (0..<perNode).map { API.Event.Kind.badgeChanged(badge: $0) }
            #expect(streamA.map(\.text) == streamB.map(\.text))
            #expect(streamB.map(\.event.sequence) == Array(1...(2 * perNode + 1)))
            for name in ["com.example.node-a", "com.example.node-b"] {
                let published = streamB.filter { $0.event.app == name && $0.event.type == .badgeChanged }
                #expect(published.map(\.event.kind) == badges, "\(name)'s events in the order it published them")
            }
            #expect(appStream.map(\.event.sequence) == Array(1...(perNode + 1)))
            #expect(appStream.dropFirst().map(\.event.kind) == badges)
        }
        withExtendedLifetime(schema) {}
    }

    @Test("a node whose connections the server ends reconnects and hands its streams what came meanwhile, once")
    func reconnectCatchesUp() async throws {
        let schema = try Schema()
        let nameB = "herald-events-b-" + UUID().uuidString.prefix(8).lowercased()
        try await Self.withTwoNodes(schema, applicationNames: ("herald", nameB)) { a, b in
            a.hub.publish(API.Event(.appsChanged, app: "com.example.start"))
            let count = 20
            let onB = try await b.read("/v1/events?after=0", opened: {
                let ended = try Self.endConnections(applicationName: nameB, url: schema.url)
                #expect(ended > 0)
                for index in 0..<count {
                    a.hub.publish(API.Event(.badgeChanged(badge: index), app: "com.example.shop"))
                }
            }) { $0.count > count }
            #expect(onB.map(\.event.sequence) == Array(1...(count + 1)))
            #expect(onB.dropFirst().map(\.event.kind) == (0..<count).map { API.Event.Kind.badgeChanged(badge: $0) })
        }
        withExtendedLifetime(schema) {}
    }

    @Test("events published while the log cannot be written are appended once it can, in order, once each")
    func appendRetried() async throws {
        let schema = try Schema()
        try await Self.withTwoNodes(schema) { a, b in
            let writer = try #require((a.hub.log as? PostgresEventLog)?.writer)
            a.hub.publish(API.Event(.appsChanged, app: "com.example.start"))
            let count = 10
            let onB = try await b.read("/v1/events?after=0", opened: {
                try Self.execute("ALTER TABLE event_log RENAME TO event_log_away", url: schema.url)
                let failures = writer.failures
                for index in 0..<count {
                    a.hub.publish(API.Event(.badgeChanged(badge: index), app: "com.example.shop"))
                }
                while writer.failures == failures { try await Task.sleep(for: .milliseconds(10)) }
                try Self.execute("ALTER TABLE event_log_away RENAME TO event_log", url: schema.url)
            }) { $0.count > count }
            #expect(writer.failures > 0)
            #expect(onB.map(\.event.sequence) == Array(1...(count + 1)))
            #expect(onB.dropFirst().map(\.event.kind) == (0..<count).map { API.Event.Kind.badgeChanged(badge: $0) })
        }
        withExtendedLifetime(schema) {}
    }

    @Test("?after=N whose events left the log starts with the live events, showing the gap")
    func resumeAfterPruned() async throws {
        let schema = try Schema()
        try await Self.withTwoNodes(schema) { a, b in
            let total = EventTable.keptEvents + 10
            for index in 0..<total {
                a.hub.publish(API.Event(.badgeChanged(badge: index), app: "com.example.shop"))
            }
            // Once A's stream has the last one, all of them are in the log.
            _ = try await a.read("/v1/events?after=\(total - 1)") { $0.last?.event.sequence == total }
            // Nothing is replayed: B's stream starts with an event published after it
            // opened (published until one arrives).
            async let resumed = b.read("/v1/events?after=1") { _ in true }
            let publishing = Task {
                while !Task.isCancelled {
                    a.hub.publish(API.Event(.appsChanged, app: "com.example.shop"))
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            let first = try await resumed.first
            publishing.cancel()
            #expect(first.map { $0.event.sequence > total } == true, "got \(String(describing: first?.event))")
            #expect(first?.event.type == .appsChanged)
        }
        withExtendedLifetime(schema) {}
    }

    /// Runs one statement in the schema at `url`.
    static func execute(_ sql: String, url: String) throws {
        let store = try PostgresStore(url: url)
        defer { store.close() }
        _ = try store.database.withTransaction { try $0.execute(PostgresQuery(unsafeSQL: sql), "running \(sql)") }
    }

    /// Ends the server side of every connection named `applicationName`; returns how many.
    static func endConnections(applicationName: String, url: String) throws -> Int {
        let store = try PostgresStore(url: url)
        defer { store.close() }
        return try store.database.withTransaction { statements in
            try statements.rows(
                """
                SELECT count(pg_terminate_backend(pid))::bigint FROM pg_stat_activity
                WHERE application_name = \(applicationName)
                """,
                "ending connections"
            ) { try $0.decode(Int.self) }.first ?? 0
        }
    }
}
