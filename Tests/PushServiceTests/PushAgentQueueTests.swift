import Foundation
import Testing

@testable import PushService

/// The messages waiting for one receiver of push resources: order, topic
/// replacement, `TTL: 0`, expiration and the bound, each decided by the value alone.
struct PushAgentQueueTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A message named `id` on resource `resource`, kept for `ttl` seconds (0: now or never).
    static func message(_ id: String, resource: String = "r1", topic: String? = nil, ttl: TimeInterval = 60)
        -> PushResourceMessage
    {
        PushResourceMessage(
            id: id, resource: resource, channel: "channel-\(resource)", body: Data(id.utf8), encoding: .aes128gcm,
            urgency: "normal", topic: topic, expiresAt: ttl == 0 ? nil : now.addingTimeInterval(ttl), wantsReceipt: false)
    }

    @Test("messages are sent in order, each once on a connection, and forgotten once acknowledged, sent or not")
    func order() throws {
        var queue = PushAgentQueue()
        for id in ["a", "b", "c"] {
            #expect(try queue.enqueue(Self.message(id), isConnected: false, now: Self.now) == .queued)
        }
        let sent = queue.takeUnsent(now: Self.now)
        #expect(sent.sent.map(\.id) == ["a", "b", "c"])
        #expect(sent.sent.allSatisfy { $0.isSent })
        #expect(sent.dropped.isEmpty)
        #expect(queue.takeUnsent(now: Self.now).sent.isEmpty, "nothing is sent twice on one connection")
        #expect(queue.acknowledge("b")?.id == "b")
        #expect(queue.acknowledge("b") == nil, "an acknowledgement repeated finds nothing")
        #expect(queue.acknowledge("unknown") == nil)
        _ = try queue.enqueue(Self.message("d"), isConnected: true, now: Self.now)
        #expect(queue.acknowledge("d")?.isSent == false, "a message acknowledged before it was sent is forgotten too")
        #expect(queue.messages.map(\.id) == ["a", "c"])
    }

    @Test("a message handed in marked sent waits unsent")
    func keptUnsent() throws {
        var queue = PushAgentQueue()
        var message = Self.message("a")
        message.isSent = true
        _ = try queue.enqueue(message, isConnected: true, now: Self.now)
        #expect(queue.takeUnsent(now: Self.now).sent.map(\.id) == ["a"])
    }

    /// What became of the first message, with topic `t` on `r1`, before the second came.
    enum First: Sendable {
        case unsent, sent, sentThenCut, acknowledged
    }

    struct Topic: Sendable, CustomTestStringConvertible {
        var what: String
        var first: First
        var resource: String
        var topic: String?
        var waiting: [String]
        var outcome: PushAgentQueue.Outcome
        var testDescription: String { what }
    }

    @Test(arguments: [
        Topic(what: "an unsent message with the topic is replaced; the new one follows the others", first: .unsent,
              resource: "r1", topic: "t", waiting: ["other", "second"], outcome: .replaced(["first"])),
        Topic(what: "a sent one too", first: .sent, resource: "r1", topic: "t", waiting: ["other", "second"],
              outcome: .replaced(["first"])),
        Topic(what: "and one sent on a connection cut since", first: .sentThenCut, resource: "r1", topic: "t",
              waiting: ["other", "second"], outcome: .replaced(["first"])),
        Topic(what: "an acknowledged one is gone already", first: .acknowledged, resource: "r1", topic: "t",
              waiting: ["other", "second"], outcome: .queued),
        Topic(what: "another resource's topic is another's", first: .unsent, resource: "r2", topic: "t",
              waiting: ["first", "other", "second"], outcome: .queued),
        Topic(what: "another topic replaces nothing", first: .sent, resource: "r1", topic: "u",
              waiting: ["first", "other", "second"], outcome: .queued),
        Topic(what: "no topic replaces nothing", first: .unsent, resource: "r1", topic: nil,
              waiting: ["first", "other", "second"], outcome: .queued),
    ])
    func topic(_ test: Topic) throws {
        var queue = PushAgentQueue()
        _ = try queue.enqueue(Self.message("first", topic: "t"), isConnected: true, now: Self.now)
        switch test.first {
        case .unsent: break
        case .sent: _ = queue.takeUnsent(now: Self.now)
        case .sentThenCut:
            _ = queue.takeUnsent(now: Self.now)
            _ = queue.disconnected()
        case .acknowledged:
            _ = queue.takeUnsent(now: Self.now)
            _ = queue.acknowledge("first")
        }
        _ = try queue.enqueue(Self.message("other", resource: "r2"), isConnected: true, now: Self.now)
        let outcome = try queue.enqueue(
            Self.message("second", resource: test.resource, topic: test.topic), isConnected: true, now: Self.now)
        #expect(outcome == test.outcome)
        #expect(queue.messages.map(\.id) == test.waiting)
    }

    struct NowOrNever: Sendable, CustomTestStringConvertible {
        var what: String
        var ttl: TimeInterval
        var isConnected: Bool
        /// Whether the connection is cut before the message is taken.
        var cut: Bool
        var outcome: PushAgentQueue.Outcome
        var delivered: Bool
        var testDescription: String { what }
    }

    @Test(arguments: [
        NowOrNever(what: "TTL 0 to a connected receiver is sent", ttl: 0, isConnected: true, cut: false,
                   outcome: .queued, delivered: true),
        NowOrNever(what: "TTL 0 to one not connected is never kept", ttl: 0, isConnected: false, cut: false,
                   outcome: .notConnected, delivered: false),
        NowOrNever(what: "TTL 0 is dropped when the connection is cut first", ttl: 0, isConnected: true, cut: true,
                   outcome: .queued, delivered: false),
        NowOrNever(what: "a TTL outlives a cut connection", ttl: 60, isConnected: true, cut: true,
                   outcome: .queued, delivered: true),
        NowOrNever(what: "a TTL waits for a receiver not connected", ttl: 60, isConnected: false, cut: false,
                   outcome: .queued, delivered: true),
    ])
    func nowOrNever(_ test: NowOrNever) throws {
        var queue = PushAgentQueue()
        #expect(try queue.enqueue(Self.message("a", ttl: test.ttl), isConnected: test.isConnected, now: Self.now) == test.outcome)
        if test.cut { #expect(queue.disconnected().map(\.id) == (test.ttl == 0 ? ["a"] : [])) }
        #expect(queue.takeUnsent(now: Self.now).sent.map(\.id) == (test.delivered ? ["a"] : []))
    }

    @Test("a message expires at its time: taking drops it then and returns it as dropped", arguments: [
        (59.0, true), (60.0, false), (61.0, false),
    ])
    func expiry(after seconds: TimeInterval, isSent: Bool) throws {
        var queue = PushAgentQueue()
        _ = try queue.enqueue(Self.message("a", ttl: 60), isConnected: false, now: Self.now)
        _ = try queue.enqueue(Self.message("b", ttl: 0), isConnected: true, now: Self.now)
        let taken = queue.takeUnsent(now: Self.now.addingTimeInterval(seconds))
        #expect(taken.sent.map(\.id) == (isSent ? ["a", "b"] : ["b"]), "TTL 0 never expires while connected")
        #expect(taken.dropped.map(\.id) == (isSent ? [] : ["a"]))
    }

    @Test("dropping expired messages keeps the others, sent or not, in order")
    func dropExpired() throws {
        var queue = PushAgentQueue()
        for (id, ttl) in [("a", 10.0), ("b", 30.0), ("c", 20.0), ("d", 40.0)] {
            _ = try queue.enqueue(Self.message(id, ttl: ttl), isConnected: false, now: Self.now)
        }
        _ = queue.takeUnsent(now: Self.now)
        #expect(queue.dropExpired(now: Self.now.addingTimeInterval(20)).map(\.id) == ["a", "c"])
        #expect(queue.messages.map(\.id) == ["b", "d"])
        #expect(queue.messages.allSatisfy { $0.isSent })
    }

    @Test("at capacity a message is refused and nothing changes, unless it replaces one by its topic")
    func capacity() throws {
        var queue = PushAgentQueue()
        // Spread over ten resources: each holds its 100.
        for index in 0..<PushAgentQueue.capacity {
            _ = try queue.enqueue(
                Self.message("\(index)", resource: "r\(index % 10)", topic: index == 3 ? "t" : nil), isConnected: false,
                now: Self.now)
        }
        let full = queue
        #expect(throws: PushResourceRefusal.tooManyMessages) {
            try queue.enqueue(Self.message("over"), isConnected: false, now: Self.now)
        }
        #expect(throws: PushResourceRefusal.tooManyMessages) {
            try queue.enqueue(Self.message("over", resource: "r2", topic: "t"), isConnected: false, now: Self.now)
        }
        #expect(queue == full)
        #expect(
            try queue.enqueue(Self.message("new", resource: "r3", topic: "t"), isConnected: false, now: Self.now)
                == .replaced(["3"]))
        #expect(queue.messages.count == PushAgentQueue.capacity)
        #expect(queue.messages.last?.id == "new")
        #expect(PushResourceRefusal.tooManyMessages.status == 429)
    }

    @Test("one resource holds at most its share, so one application server cannot shut the others out")
    func capacityPerResource() throws {
        var queue = PushAgentQueue()
        for index in 0..<PushAgentQueue.capacityPerResource {
            _ = try queue.enqueue(Self.message("\(index)", topic: index == 0 ? "t" : nil), isConnected: false, now: Self.now)
        }
        let full = queue
        #expect(throws: PushResourceRefusal.tooManyOnResource) {
            try queue.enqueue(Self.message("over"), isConnected: false, now: Self.now)
        }
        #expect(queue == full)
        #expect(try queue.enqueue(Self.message("new", topic: "t"), isConnected: false, now: Self.now) == .replaced(["0"]))
        #expect(try queue.enqueue(Self.message("other", resource: "r2"), isConnected: false, now: Self.now) == .queued)
        #expect(PushResourceRefusal.tooManyOnResource.status == 429)
    }

    @Test("removing a resource drops its messages alone, sent or not")
    func removeResource() throws {
        var queue = PushAgentQueue()
        for (id, resource) in [("a", "r1"), ("b", "r2"), ("c", "r1")] {
            _ = try queue.enqueue(Self.message(id, resource: resource), isConnected: true, now: Self.now)
        }
        _ = queue.takeUnsent(now: Self.now)
        #expect(queue.removeResource("r1").map(\.id) == ["a", "c"])
        #expect(queue.messages.map(\.id) == ["b"])
    }

    @Test("a cut connection puts back what was sent and not acknowledged, in order, before newer messages")
    func resume() throws {
        var queue = PushAgentQueue()
        for id in ["a", "b"] { _ = try queue.enqueue(Self.message(id), isConnected: true, now: Self.now) }
        _ = queue.takeUnsent(now: Self.now)
        _ = queue.acknowledge("a")
        #expect(queue.disconnected().isEmpty)
        _ = try queue.enqueue(Self.message("c"), isConnected: false, now: Self.now)
        #expect(queue.takeUnsent(now: Self.now).sent.map(\.id) == ["b", "c"])
    }
}
