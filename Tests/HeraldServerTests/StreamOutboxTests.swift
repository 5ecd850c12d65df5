@testable import HeraldServer
import NIOCore
import NIOEmbedded
import Testing

@Suite("Stream outbox and registry, alone")
struct StreamOutboxTests {
    @Test("messages come out in order; past the byte limit the outbox closes as fallen behind and drops what waited")
    func boundedInBytes() async {
        let outbox = StreamOutbox(byteLimit: 10)
        #expect(outbox.push("abcd"))
        #expect(outbox.push("efgh"))
        #expect(outbox.waitingBytes == 8)
        #expect(await outbox.next() == .message("abcd"))
        #expect(outbox.push("ijkl"))
        #expect(!outbox.push("mnop"), "4 + 4 + 4 bytes is past 10")
        #expect(outbox.closeReason == .fellBehind)
        #expect(outbox.waitingBytes == 0)
        #expect(await outbox.next() == .closed(.fellBehind))
        #expect(!outbox.push("late"))
    }

    @Test("a client that reads but never catches up keeps its order and its byte count")
    func partialDrains() async {
        let outbox = StreamOutbox(byteLimit: 1_000)
        var expected: [String] = []
        for round in 0..<20 {
            for index in 0..<10 {
                let message = "m\(round)-\(index)"
                expected.append(message)
                #expect(outbox.push(message))
            }
            for _ in 0..<8 {
                guard case .message(let message) = await outbox.next() else {
                    Issue.record("the outbox closed")
                    return
                }
                #expect(message == expected.removeFirst())
            }
        }
        #expect(outbox.waitingBytes == expected.reduce(0) { $0 + $1.utf8.count })
    }

    @Test("a waiting writer is woken by a message and by closing; the first reason stays")
    func waking() async {
        let outbox = StreamOutbox()
        async let first = outbox.next()
        #expect(outbox.push("hello"))
        #expect(await first == .message("hello"))
        async let second = outbox.next()
        async let closed = outbox.closed()
        outbox.close(.credentialRevoked)
        outbox.close(.fellBehind)
        #expect(await second == .closed(.credentialRevoked))
        #expect(await closed == .credentialRevoked)
    }

    @Test("the registry caps streams per credential and in all, and revoking closes only that credential's")
    func registry() throws {
        let registry = StreamRegistry(perCredentialLimit: 2, totalLimit: 3)
        let app = Credential.appToken(fingerprint: "a")
        let other = Credential.appToken(fingerprint: "b")
        let outboxes = (0..<4).map { _ in StreamOutbox() }
        let channels = (0..<6).map { _ in EmbeddedChannel() }
        try registry.register(outboxes[0], for: app, on: channels[0])
        try registry.register(outboxes[1], for: app, on: channels[1])
        #expect(throws: ServerError.self) { try registry.register(outboxes[2], for: app, on: channels[2]) }
        try registry.register(outboxes[2], for: other, on: channels[2])
        #expect(throws: ServerError.self) { try registry.reserve(for: .adminToken, on: channels[3]) }
        registry.revoke(app)
        #expect(outboxes[0].closeReason == .credentialRevoked && outboxes[1].closeReason == .credentialRevoked)
        #expect(outboxes[2].closeReason == nil)
        #expect(registry.count(for: app) == 0)
        try registry.register(outboxes[3], for: .adminToken, on: channels[3])
        registry.unregister(outboxes[2], for: other)
        #expect(registry.count(for: other) == 0)
    }

    @Test("upgrades accepted at once hold their places, so together they cannot pass the limit")
    func reservations() throws {
        let registry = StreamRegistry(perCredentialLimit: 2, totalLimit: 10)
        let app = Credential.appToken(fingerprint: "a")
        let channels = (0..<4).map { _ in EmbeddedChannel() }
        // Two upgrades accepted, neither stream started yet: a third is refused.
        try registry.reserve(for: app, on: channels[0])
        try registry.reserve(for: app, on: channels[1])
        #expect(throws: ServerError.self) { try registry.reserve(for: app, on: channels[2]) }
        // The first stream starts in its place; the second connection closes before its stream does.
        try registry.register(StreamOutbox(), for: app, on: channels[0])
        try channels[1].close().wait()
        channels[1].embeddedEventLoop.run()
        try registry.reserve(for: app, on: channels[2])
        #expect(throws: ServerError.self) { try registry.reserve(for: app, on: channels[3]) }
        #expect(registry.count(for: app) == 1)
    }
}
