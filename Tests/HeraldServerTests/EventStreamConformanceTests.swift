import Foundation
import HeraldAPI
import HeraldTestSupport
@testable import HeraldServer
import NotificationEngine
import PostgresSupport
import Testing

/// ``EventStream``'s behaviour, the same over each ``EventLog``: in memory, and
/// in PostgreSQL when `HERALD_TEST_POSTGRES_URL` is set (always in CI).
@Suite("The event stream over each log", .timeLimit(.minutes(2)))
struct EventStreamConformanceTests {
    /// A log to run the suite on, and what it holds on to.
    struct Log: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () throws -> Opened

        var testDescription: String { name }
    }

    /// A stream over a fresh log; a PostgreSQL schema is dropped when let go of.
    final class Opened: Sendable {
        let stream: EventStream
        private let store: PostgresStore?

        init(log: any EventLog, store: PostgresStore? = nil) {
            stream = EventStream(log: log)
            self.store = store
        }

        deinit {
            try? store?.dropSchema()
            store?.close()
        }
    }

    static let logs: [Log] = {
        var logs = [Log(name: "memory") { Opened(log: MemoryEventLog()) }]
        if TestPostgres.url != nil || TestPostgres.isRequired {
            logs.append(
                Log(name: "PostgreSQL") {
                    let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
                    let store = try PostgresStore(url: url)
                    return Opened(log: try PostgresEventLog(store: store.database), store: store)
                })
        }
        return logs
    }()

    static func event(_ badge: Int, app: String = "com.example.shop") -> API.Event {
        API.Event(.badgeChanged(badge: badge), app: app)
    }

    /// The next `count` events `outbox` gets, decoded.
    static func next(_ count: Int, from outbox: StreamOutbox) async throws -> [API.Event] {
        var events: [API.Event] = []
        while events.count < count {
            guard case .message(let text) = await outbox.next() else {
                Issue.record("the outbox closed after \(events.count) events")
                return events
            }
            events.append(try API.decoder().decode(API.Event.self, from: Data(text.utf8)))
        }
        return events
    }

    /// Appends `entries` to `stream` and returns the events a subscriber of every
    /// app's events got from them, once it got them all (a PostgreSQL log hands
    /// them out once committed).
    @discardableResult
    static func published(_ entries: [EventLogEntry], on stream: EventStream) async throws -> [API.Event] {
        let watcher = StreamOutbox(byteLimit: 64 << 20)
        let token = stream.subscribe(app: nil, after: nil, outbox: watcher)
        defer { stream.unsubscribe(token) }
        for entry in entries {
            switch entry {
            case .event(let event): stream.publish(event)
            case .forget(let app): stream.forget(app)
            }
        }
        return try await next(entries.count { if case .event = $0 { true } else { false } }, from: watcher)
    }

    /// The badges and numbers of `events`, to compare at once.
    static func seen(_ events: [API.Event]) -> [String] {
        events.map { event in
            guard case .badgeChanged(let badge) = event.kind else { return "\(event.type)#\(event.sequence)" }
            return "\(event.app) \(badge)#\(event.sequence)"
        }
    }

    @Test("each scope numbers its events on its own, in order", arguments: logs)
    func numbering(_ log: Log) async throws {
        let opened = try log.make()
        let stream = opened.stream
        let all = StreamOutbox()
        let shop = StreamOutbox()
        _ = stream.subscribe(app: nil, after: nil, outbox: all)
        _ = stream.subscribe(app: "com.example.shop", after: nil, outbox: shop)
        stream.publish(Self.event(1))
        stream.publish(Self.event(2, app: "com.example.todo"))
        stream.publish(Self.event(3))
        #expect(
            Self.seen(try await Self.next(3, from: all))
                == ["com.example.shop 1#1", "com.example.todo 2#2", "com.example.shop 3#3"])
        #expect(Self.seen(try await Self.next(2, from: shop)) == ["com.example.shop 1#1", "com.example.shop 3#2"])
    }

    @Test("a new subscriber gets the events after the log's head, none published before it", arguments: logs)
    func startsAfterHead(_ log: Log) async throws {
        let opened = try log.make()
        let stream = opened.stream
        try await Self.published([.event(Self.event(1))], on: stream)
        let later = StreamOutbox()
        _ = stream.subscribe(app: nil, after: nil, outbox: later)
        stream.publish(Self.event(2))
        #expect(Self.seen(try await Self.next(1, from: later)) == ["com.example.shop 2#2"])
    }

    @Test("?after=N replays the events of the scope after N, then goes on live, once each", arguments: logs)
    func replay(_ log: Log) async throws {
        let opened = try log.make()
        let stream = opened.stream
        let apps = ["com.example.shop", "com.example.todo", "com.example.shop", "com.example.todo"]
        try await Self.published(apps.enumerated().map { .event(Self.event($0.offset + 1, app: $0.element)) }, on: stream)
        let all = StreamOutbox()
        let shop = StreamOutbox()
        let ahead = StreamOutbox()
        _ = stream.subscribe(app: nil, after: 2, outbox: all)
        _ = stream.subscribe(app: "com.example.shop", after: 1, outbox: shop)
        _ = stream.subscribe(app: nil, after: 99, outbox: ahead)
        stream.publish(Self.event(5))
        #expect(
            Self.seen(try await Self.next(3, from: all))
                == ["com.example.shop 3#3", "com.example.todo 4#4", "com.example.shop 5#5"])
        #expect(Self.seen(try await Self.next(2, from: shop)) == ["com.example.shop 3#2", "com.example.shop 5#3"])
        #expect(Self.seen(try await Self.next(1, from: ahead)) == ["com.example.shop 5#5"], "past the latest: live only")
    }

    @Test(
        "a forgotten app's events are replayed in no scope (every app's replay leaves them out), and it is numbered afresh",
        arguments: logs)
    func forgetting(_ log: Log) async throws {
        let opened = try log.make()
        let stream = opened.stream
        let live = try await Self.published(
            [
                .event(Self.event(1)), .event(Self.event(2, app: "com.example.todo")), .event(Self.event(3)),
                .forget("com.example.shop"), .event(Self.event(4)),
            ], on: stream)
        #expect(Self.seen(live).last == "com.example.shop 4#4", "a live subscriber got them all")
        let all = StreamOutbox()
        let shop = StreamOutbox()
        _ = stream.subscribe(app: nil, after: 0, outbox: all)
        _ = stream.subscribe(app: "com.example.shop", after: 0, outbox: shop)
        stream.publish(Self.event(5, app: "com.example.todo"))
        #expect(
            Self.seen(try await Self.next(3, from: all))
                == ["com.example.todo 2#2", "com.example.shop 4#4", "com.example.todo 5#5"])
        stream.publish(Self.event(6))
        #expect(Self.seen(try await Self.next(2, from: shop)) == ["com.example.shop 4#1", "com.example.shop 6#2"])
    }

    @Test("a replay of more than the kept events starts live, showing the gap", arguments: logs)
    func replayTooOld(_ log: Log) async throws {
        let opened = try log.make()
        let stream = opened.stream
        let total = MemoryEventLog.replayLimit + 10
        try await Self.published((1...total).map { .event(Self.event($0)) }, on: stream)
        let resumed = StreamOutbox()
        _ = stream.subscribe(app: nil, after: 1, outbox: resumed)
        stream.publish(Self.event(0))
        #expect(Self.seen(try await Self.next(1, from: resumed)) == ["com.example.shop 0#\(total + 1)"])
    }
}
