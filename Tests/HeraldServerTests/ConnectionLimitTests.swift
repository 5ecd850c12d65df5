import Foundation
@testable import HeraldServer
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Connections: silent ones closed, held to limits per address and in all", .timeLimit(.minutes(1)))
struct ConnectionLimitTests {
    /// A first-byte limit far from the idle one: a daemon that waited for the idle limit
    /// would leave a silent connection open past the test's read timeout.
    static var silentQuickly: ConnectionTimeouts {
        var timeouts = ConnectionTimeouts()
        timeouts.firstByte = .milliseconds(300)
        timeouts.idle = .seconds(60)
        return timeouts
    }

    static func daemon(perPeer: Int, total: Int = 1_000, timeouts: ConnectionTimeouts = TestDaemon.timeouts) throws -> TestDaemon {
        var limits = ConnectionLimits()
        limits.perPeer = perPeer
        limits.total = total
        return try TestDaemon(connectionTimeouts: timeouts, connectionLimits: limits)
    }

    static let health = "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test("a connection that sends nothing is closed after the first-byte limit, long before the idle one")
    func silentConnectionClosed() async throws {
        let daemon = try TestDaemon(connectionTimeouts: Self.silentQuickly)
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            #expect(await connection.closesConnection())
        }
    }

    @Test("at the limit per address with every connection busy, a new one is closed at once; once one closes, one is accepted")
    func busyConnectionsAtTheLimit() async throws {
        let daemon = try Self.daemon(perPeer: 3)
        try await daemon.withLiveServer { client in
            let port = client.port!
            var streams: [RawHTTP] = []
            for _ in 0..<3 {
                let stream = try RawHTTP(port: port)
                try stream.send(RawHTTP.upgradeRequest(port: port, token: daemon.admin))
                #expect(try await stream.answer().status == 101)
                streams.append(stream)
            }
            let refused = try RawHTTP(port: port)
            #expect(await refused.closesConnection(), "a fourth connection is refused while three streams are open")
            streams.removeLast().disconnect()
            #expect(try await Self.answered(port: port), "a connection is accepted once a stream has closed")
            #expect(daemon.daemon.connections.count() <= 3)
        }
    }

    @Test("silent connections over the limit cannot keep a client out: the longest waiting is closed for a new one")
    func silentConnectionsDoNotBlock() async throws {
        // The tests' first-byte limit, 60 s, is longer than the test: a silent connection
        // closes only to make room.
        let daemon = try Self.daemon(perPeer: 4)
        try await daemon.withLiveServer { client in
            let port = client.port!
            // A read timeout long enough for a loaded machine: the four left open are read until it.
            let silent = try (0..<10).map { _ in try RawHTTP(port: port, timeout: .seconds(20)) }
            // Each connection after the fourth closed one that was waiting: six of the silent
            // ones at least (which depends on the order the event loops counted them in, and
            // the test client's own connection may count too).
            let closed = await withTaskGroup(of: Bool.self) { group in
                for connection in silent { group.addTask { await connection.closesConnection() } }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(closed >= 6)
            let answer = try await RawHTTP.exchange(port: port, Self.health)
            #expect(answer.status == 200, "a request succeeds with four silent connections open at a limit of four")
            #expect(daemon.daemon.connections.count(from: "127.0.0.1") <= 4)
        }
    }

    @Test("the limit in all holds connections from every address")
    func totalLimit() async throws {
        let daemon = try Self.daemon(perPeer: 100, total: 2)
        try await daemon.withLiveServer { client in
            let port = client.port!
            var streams: [RawHTTP] = []
            for _ in 0..<2 {
                let stream = try RawHTTP(port: port)
                try stream.send(RawHTTP.upgradeRequest(port: port, token: daemon.admin))
                #expect(try await stream.answer().status == 101)
                streams.append(stream)
            }
            #expect(try await RawHTTP(port: port).closesConnection())
            streams.removeAll()
            #expect(try await Self.answered(port: port))
        }
    }

    @Test("the limits are fitted to the descriptors the process may open, keeping some for the rest of the daemon")
    func fittedToDescriptors() {
        let defaults = ConnectionLimits()
        #expect(defaults.fitted(toDescriptors: 524_288) == defaults)
        let low = defaults.fitted(toDescriptors: 1_024)
        #expect(low.total == 1_024 - ConnectionLimits.reservedDescriptors)
        #expect(low.perPeer == defaults.perPeer)
        let tiny = defaults.fitted(toDescriptors: 300)
        #expect(tiny.total == 44 && tiny.perPeer == 44)
        #expect(defaults.fitted(toDescriptors: 100).total == 16)
        var configured = ConnectionLimits()
        configured.total = 2
        #expect(configured.fitted(toDescriptors: 1_024).total == 2, "a lower limit configured is kept")
    }

    /// Whether a health request on a new connection is answered before a generous
    /// deadline: the daemon notices a closed connection a moment after the client.
    static func answered(port: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let answer = try? await RawHTTP.exchange(port: port, health, timeout: .seconds(2)), answer.status == 200 {
                return true
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
