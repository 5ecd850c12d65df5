@testable import HeraldServer
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
        try registry.register(outboxes[0], for: app)
        try registry.register(outboxes[1], for: app)
        #expect(throws: ServerError.self) { try registry.register(outboxes[2], for: app) }
        try registry.register(outboxes[2], for: other)
        #expect(throws: ServerError.self) { try registry.checkRoom(for: .adminToken) }
        registry.revoke(app)
        #expect(outboxes[0].closeReason == .credentialRevoked && outboxes[1].closeReason == .credentialRevoked)
        #expect(outboxes[2].closeReason == nil)
        #expect(registry.count(for: app) == 0)
        try registry.register(outboxes[3], for: .adminToken)
        registry.unregister(outboxes[2], for: other)
        #expect(registry.count(for: other) == 0)
    }
}
