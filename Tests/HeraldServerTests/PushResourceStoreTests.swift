import Foundation
@testable import HeraldServer
import HeraldTestSupport
import PushService
import Testing

/// Every ``PushResourceStore`` through the same scenarios, the in-memory model
/// first: subscriptions, the messages waiting for a receiver (order, topic,
/// `TTL: 0`, expiration, the bounds) and its connection's calls.
@Suite("Push resource stores", .offThePool, .timeLimit(.minutes(5)))
struct PushResourceStoreTests {
    typealias Samples = PushResourceSamples
    static let now = Samples.start

    @Test("subscribing again with the same key gives the same resource; another key replaces it", arguments: PushResourceStoreKind.all)
    func subscribeAgain(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let first = try await store.subscribe(agent: Samples.browser, channel: "c1", applicationServerKey: Samples.key, now: Self.now)
        #expect(PushResource.isToken(first.token))
        #expect(first.agent == Samples.browser && first.channel == "c1" && first.applicationServerKey == Samples.key)
        let again = try await store.subscribe(
            agent: Samples.browser, channel: "c1", applicationServerKey: Samples.key, now: Self.now.addingTimeInterval(5))
        #expect(again == first)
        let keyless = try await store.subscribe(agent: Samples.browser, channel: "c2", applicationServerKey: nil, now: Self.now)
        #expect(try await store.subscribe(agent: Samples.browser, channel: "c2", applicationServerKey: nil, now: Self.now) == keyless)
        #expect(try await store.resource(token: first.token) == first)

        _ = try await store.enqueue(Samples.message("m1", on: first, receipt: true), for: Samples.browser, isConnected: false, now: Self.now)
        _ = try await store.enqueue(Samples.message("m2", on: keyless), for: Samples.browser, isConnected: false, now: Self.now)
        let later = Self.now.addingTimeInterval(10)
        let replaced = try await store.subscribe(
            agent: Samples.browser, channel: "c1", applicationServerKey: Samples.otherKey, now: later)
        #expect(replaced.token != first.token)
        #expect(replaced.applicationServerKey == Samples.otherKey && replaced.createdAt == later)
        #expect(try await store.resource(token: first.token) == nil)
        #expect(try store.queue(of: Samples.browser).messages.map(\.id) == ["m2"], "the old resource's messages are gone")
        #expect(try await store.receipt(id: "m1") == .dropped)
        #expect(try await store.resources(of: Samples.browser) == [keyless, replaced], "oldest first")
        await #expect(throws: PushResourceRefusal.notFound) {
            try await store.enqueue(Samples.message("m3", on: first), for: Samples.browser, isConnected: true, now: later)
        }
    }

    @Test("a receiver holds at most capacityPerAgent resources; one replaced by its key does not count twice", arguments: PushResourceStoreKind.all)
    func capacityPerAgent(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        for index in 0..<PushResource.capacityPerAgent {
            _ = try await store.subscribe(agent: Samples.app, channel: "c\(index)", applicationServerKey: nil, now: Self.now)
        }
        await #expect(throws: PushServiceError.tooManySubscriptions(Samples.app)) {
            try await store.subscribe(agent: Samples.app, channel: "over", applicationServerKey: nil, now: Self.now)
        }
        _ = try await store.subscribe(agent: Samples.app, channel: "c0", applicationServerKey: Samples.key, now: Self.now)
        _ = try await store.subscribe(agent: Samples.otherApp, channel: "c0", applicationServerKey: nil, now: Self.now)
        #expect(try await store.resources(of: Samples.app).count == PushResource.capacityPerAgent)
        #expect(try await store.unsubscribe(agent: Samples.app, channel: "c7", now: Self.now) != nil)
        _ = try await store.subscribe(agent: Samples.app, channel: "over", applicationServerKey: nil, now: Self.now)
    }

    @Test("a message for a resource removed, never made, or another receiver's is refused as not found", arguments: PushResourceStoreKind.all)
    func notFound(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let resource = try await store.subscribe(agent: Samples.app, channel: "c", applicationServerKey: nil, now: Self.now)
        let other = try await store.subscribe(agent: Samples.otherApp, channel: "c", applicationServerKey: nil, now: Self.now)
        await #expect(throws: PushResourceRefusal.notFound) {
            try await store.enqueue(Samples.message("m1", on: other), for: Samples.app, isConnected: true, now: Self.now)
        }
        #expect(try await store.unsubscribe(agent: Samples.app, channel: "c", now: Self.now) == resource)
        #expect(try await store.unsubscribe(agent: Samples.app, channel: "c", now: Self.now) == nil)
        for (message, ttl) in [("m2", 60.0), ("m3", 0)] {
            await #expect(throws: PushResourceRefusal.notFound) {
                try await store.enqueue(
                    Samples.message(message, on: resource, ttl: ttl, receipt: true), for: Samples.app, isConnected: false,
                    now: Self.now)
            }
            #expect(try await store.receipt(id: message) == nil, "a message refused has no receipt")
        }
        #expect(try store.queue(of: Samples.app).messages.isEmpty)
        #expect(try store.queue(of: Samples.otherApp).messages.isEmpty)
    }

    @Test("messages go in order; one with a topic replaces the one on its resource, sent or not, and follows the others", arguments: PushResourceStoreKind.all)
    func orderAndTopic(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let r1 = try await store.subscribe(agent: Samples.browser, channel: "c1", applicationServerKey: nil, now: Self.now)
        let r2 = try await store.subscribe(agent: Samples.browser, channel: "c2", applicationServerKey: nil, now: Self.now)
        func enqueue(_ message: PushResourceMessage) async throws -> PushAgentQueue.Outcome {
            try await store.enqueue(message, for: Samples.browser, isConnected: true, now: Self.now)
        }
        #expect(try await enqueue(Samples.message("a", on: r1, topic: "score")) == .queued)
        #expect(try await enqueue(Samples.message("b-aesgcm", on: r2, topic: "score")) == .queued)
        #expect(try await enqueue(Samples.message("c", on: r1, topic: "score", receipt: true)) == .replaced(["a"]))
        let sent = try await store.takeUnsent(agent: Samples.browser, now: Self.now)
        #expect(sent.map(\.id) == ["b-aesgcm", "c"])
        #expect(sent == [
            { var message = Samples.message("b-aesgcm", on: r2, topic: "score"); message.isSent = true; return message }(),
            { var message = Samples.message("c", on: r1, topic: "score", receipt: true); message.isSent = true; return message }(),
        ], "a message reads back as kept, its body's bytes and encoding")
        #expect(try await enqueue(Samples.message("d", on: r1)) == .queued)
        #expect(try await enqueue(Samples.message("e", on: r1, topic: "score")) == .replaced(["c"]), "sent, it is replaced")
        #expect(try await store.receipt(id: "c") == .dropped)
        #expect(try store.queue(of: Samples.browser).messages.map(\.id) == ["b-aesgcm", "d", "e"])
        #expect(try store.queue(of: Samples.browser).messages.map(\.isSent) == [true, false, false])
        #expect(try await store.takeUnsent(agent: Samples.browser, now: Self.now).map(\.id) == ["d", "e"])
    }

    @Test("at capacity a message is refused, one replacing another by its topic is not, and acknowledging makes room", arguments: PushResourceStoreKind.all)
    func capacity(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        // Ten resources, each with its share of 100.
        var resources: [PushResource] = []
        for channel in 0..<10 {
            resources.append(
                try await store.subscribe(agent: Samples.app, channel: "c\(channel)", applicationServerKey: nil, now: Self.now))
        }
        let (r1, r2) = (resources[0], resources[1])
        for index in 0..<PushAgentQueue.capacity {
            _ = try await store.enqueue(
                Samples.message("m\(index)", on: resources[index % 10], topic: index == 1 ? "t" : nil),
                for: Samples.app, isConnected: false, now: Self.now)
        }
        await #expect(throws: PushResourceRefusal.tooManyMessages) {
            try await store.enqueue(Samples.message("over", on: r1, receipt: true), for: Samples.app, isConnected: false, now: Self.now)
        }
        #expect(try await store.receipt(id: "over") == nil)
        #expect(try await store.enqueue(Samples.message("t2", on: r2, topic: "t"), for: Samples.app, isConnected: false, now: Self.now) == .replaced(["m1"]))
        // Another receiver has room of its own.
        let other = try await store.subscribe(agent: Samples.otherApp, channel: "c1", applicationServerKey: nil, now: Self.now)
        #expect(try await store.enqueue(Samples.message("o", on: other), for: Samples.otherApp, isConnected: false, now: Self.now) == .queued)
        #expect(try await store.acknowledge(agent: Samples.app, id: "m0", now: Self.now))
        #expect(try await store.enqueue(Samples.message("room", on: r1), for: Samples.app, isConnected: false, now: Self.now) == .queued)
        #expect(try store.queue(of: Samples.app).messages.count == PushAgentQueue.capacity)
    }

    @Test("a resource holds at most its share of the receiver's messages", arguments: PushResourceStoreKind.all)
    func capacityPerResource(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let flooded = try await store.subscribe(agent: Samples.app, channel: "a", applicationServerKey: nil, now: Self.now)
        let other = try await store.subscribe(agent: Samples.app, channel: "b", applicationServerKey: nil, now: Self.now)
        for index in 0..<PushAgentQueue.capacityPerResource {
            _ = try await store.enqueue(
                Samples.message("m\(index)", on: flooded), for: Samples.app, isConnected: false, now: Self.now)
        }
        await #expect(throws: PushResourceRefusal.tooManyOnResource) {
            try await store.enqueue(Samples.message("over", on: flooded), for: Samples.app, isConnected: false, now: Self.now)
        }
        #expect(try await store.enqueue(Samples.message("b", on: other), for: Samples.app, isConnected: false, now: Self.now) == .queued)
        #expect(try store.queue(of: Samples.app).messages.count == PushAgentQueue.capacityPerResource + 1)
    }

    @Test("TTL 0 is delivered now or never: refused for a receiver not connected, dropped when the connection is cut", arguments: PushResourceStoreKind.all)
    func nowOrNever(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let resource = try await store.subscribe(agent: Samples.browser, channel: "c", applicationServerKey: nil, now: Self.now)
        let outcome = try await store.enqueue(
            Samples.message("never", on: resource, ttl: 0, receipt: true), for: Samples.browser, isConnected: false, now: Self.now)
        #expect(outcome == .notConnected)
        #expect(try await store.receipt(id: "never") == .dropped)
        #expect(try store.queue(of: Samples.browser).messages.isEmpty)
        for (id, ttl) in [("now", 0.0), ("kept", 60), ("now too", 0)] {
            _ = try await store.enqueue(
                Samples.message(id, on: resource, ttl: ttl, receipt: true), for: Samples.browser, isConnected: true, now: Self.now)
        }
        #expect(try await store.takeUnsent(agent: Samples.browser, now: Self.now.addingTimeInterval(3600)).map(\.id) == ["now", "now too"],
                "TTL 0 never expires; the other did")
        #expect(try await store.receipt(id: "kept") == .dropped)
        _ = try await store.enqueue(Samples.message("again", on: resource, ttl: 0, receipt: true), for: Samples.browser, isConnected: true, now: Self.now)
        try await store.disconnected(agent: Samples.browser, now: Self.now)
        #expect(try store.queue(of: Samples.browser).messages.isEmpty)
        for id in ["now", "now too", "again"] { #expect(try await store.receipt(id: id) == .dropped) }
    }

    @Test("taking marks the messages sent and drops the expired; a cut connection sends the others again, in order", arguments: PushResourceStoreKind.all)
    func takeAndResume(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let resource = try await store.subscribe(agent: Samples.app, channel: "c", applicationServerKey: nil, now: Self.now)
        for (id, ttl) in [("a", 10.0), ("b", 30), ("c", 20), ("d", 40)] {
            _ = try await store.enqueue(Samples.message(id, on: resource, ttl: ttl), for: Samples.app, isConnected: false, now: Self.now)
        }
        #expect(try await store.takeUnsent(agent: Samples.app, now: Self.now.addingTimeInterval(20)).map(\.id) == ["b", "d"])
        #expect(try store.queue(of: Samples.app).messages.map(\.isSent) == [true, true])
        #expect(try await store.takeUnsent(agent: Samples.app, now: Self.now.addingTimeInterval(20)).isEmpty)
        _ = try await store.enqueue(Samples.message("e", on: resource), for: Samples.app, isConnected: true, now: Self.now)
        #expect(try await store.acknowledge(agent: Samples.app, id: "b", now: Self.now))
        try await store.disconnected(agent: Samples.app, now: Self.now)
        #expect(try await store.takeUnsent(agent: Samples.app, now: Self.now.addingTimeInterval(20)).map(\.id) == ["d", "e"])
        #expect(try await store.takeUnsent(agent: Samples.otherApp, now: Self.now).isEmpty, "a receiver never seen has nothing")
        try await store.disconnected(agent: Samples.otherApp, now: Self.now)
    }

    @Test("an acknowledgement forgets the receiver's message once; another's, unknown or repeated, finds nothing", arguments: PushResourceStoreKind.all)
    func acknowledge(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        let mine = try await store.subscribe(agent: Samples.browser, channel: "c", applicationServerKey: nil, now: Self.now)
        let theirs = try await store.subscribe(agent: Samples.otherBrowser, channel: "c", applicationServerKey: nil, now: Self.now)
        _ = try await store.enqueue(Samples.message("mine", on: mine), for: Samples.browser, isConnected: true, now: Self.now)
        _ = try await store.enqueue(Samples.message("theirs", on: theirs), for: Samples.otherBrowser, isConnected: true, now: Self.now)
        _ = try await store.takeUnsent(agent: Samples.browser, now: Self.now)
        #expect(try await !store.acknowledge(agent: Samples.browser, id: "theirs", now: Self.now))
        #expect(try await !store.acknowledge(agent: Samples.browser, id: "unknown", now: Self.now))
        #expect(try await store.acknowledge(agent: Samples.browser, id: "mine", now: Self.now))
        #expect(try await !store.acknowledge(agent: Samples.browser, id: "mine", now: Self.now))
        #expect(try await store.acknowledge(agent: Samples.otherBrowser, id: "theirs", now: Self.now), "unsent, it is forgotten too")
        #expect(try store.queue(of: Samples.browser).messages.isEmpty)
        #expect(try store.queue(of: Samples.otherBrowser).messages.isEmpty)
    }

    @Test("the receivers of a kind are those holding a resource, by name", arguments: PushResourceStoreKind.all)
    func agents(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        for agent in [Samples.otherApp, Samples.browser, Samples.app, Samples.otherBrowser] {
            for channel in ["a", "b"] {
                _ = try await store.subscribe(agent: agent, channel: channel, applicationServerKey: nil, now: Self.now)
            }
        }
        #expect(try await store.agents(of: .unifiedPush) == [Samples.otherApp, Samples.app])
        #expect(try await store.agents(of: .browser) == [Samples.browser, Samples.otherBrowser])
        try await store.unsubscribe(agent: Samples.app, channel: "a", now: Self.now)
        #expect(try await store.agents(of: .unifiedPush) == [Samples.otherApp, Samples.app])
        try await store.unsubscribe(agent: Samples.app, channel: "b", now: Self.now)
        #expect(try await store.agents(of: .unifiedPush) == [Samples.otherApp])
        try await store.remove(agent: Samples.browser, now: Self.now)
        #expect(try await store.agents(of: .browser) == [Samples.otherBrowser])
    }

    @Test("removing a receiver removes its resources and messages, and no other's", arguments: PushResourceStoreKind.all)
    func remove(_ kind: PushResourceStoreKind) async throws {
        let opened = try kind.open(1)
        defer { withExtendedLifetime(opened) {} }
        let store = opened.store
        var resources: [PushResource] = []
        for agent in [Samples.browser, Samples.otherBrowser] {
            for channel in ["a", "b"] {
                let resource = try await store.subscribe(agent: agent, channel: channel, applicationServerKey: nil, now: Self.now)
                _ = try await store.enqueue(
                    Samples.message("\(agent.name)-\(channel)", on: resource, receipt: true), for: agent, isConnected: false,
                    now: Self.now)
                resources.append(resource)
            }
        }
        try await store.remove(agent: Samples.browser, now: Self.now)
        try await store.remove(agent: Samples.browser, now: Self.now)
        #expect(try await store.resources(of: Samples.browser).isEmpty)
        #expect(try await store.resource(token: resources[0].token) == nil)
        #expect(try store.queue(of: Samples.browser).messages.isEmpty)
        #expect(try await store.receipt(id: "\(Samples.browser.name)-a") == .dropped)
        #expect(Set(try await store.resources(of: Samples.otherBrowser).map(\.token)) == Set(resources[2...].map(\.token)))
        #expect(try store.queue(of: Samples.otherBrowser).messages.count == 2)
        #expect(try await store.receipt(id: "\(Samples.otherBrowser.name)-a") == .pending)
        // Subscribed again, the receiver starts anew.
        let again = try await store.subscribe(agent: Samples.browser, channel: "a", applicationServerKey: nil, now: Self.now)
        #expect(again.token != resources[0].token)
    }
}
