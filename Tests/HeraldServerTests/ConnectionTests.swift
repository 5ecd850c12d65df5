import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Testing

@Suite("Connections: malformed requests and timeouts, over a bare socket", .timeLimit(.minutes(1)))
struct ConnectionTests {
    /// Short limits, so the tests wait fractions of a second.
    static var quick: ConnectionTimeouts {
        var timeouts = ConnectionTimeouts()
        timeouts.firstByte = .milliseconds(600)
        timeouts.idle = .milliseconds(600)
        timeouts.header = .milliseconds(400)
        timeouts.body = .milliseconds(400)
        return timeouts
    }

    @Test(
        "a request the parser refuses is answered 400 in the API's error shape, and the connection closed",
        arguments: [
            "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST /v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
            "HELLO THERE\r\n\r\n",
            "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        ])
    func malformed(request: String) async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            try connection.send(request)
            let answer = try await connection.answer()
            #expect(answer.status == 400)
            #expect(answer.body.contains(#""code":"badRequest""#))
            #expect(answer.head.lowercased().contains("connection: close"))
            #expect(await connection.closesConnection())
        }
    }

    @Test("a malformed request after a good one on the same connection is answered 400 too")
    func malformedAfterKeepAlive() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            try connection.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.answer().status == 200)
            try connection.send("GET / HTTP/1.1\r\nContent-Length: -5\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = try await connection.answer()
            #expect(answer.status == 400)
            #expect(await connection.closesConnection())
        }
    }

    @Test("a connection that sends nothing is closed after the first-byte limit")
    func idle() async throws {
        let daemon = try TestDaemon(connectionTimeouts: Self.quick)
        try await daemon.withLiveServer { client in
            let started = ContinuousClock.now
            let connection = try RawHTTP(port: client.port!)
            #expect(await connection.closesConnection())
            #expect(ContinuousClock.now - started >= .milliseconds(500))
        }
    }

    @Test("a kept-alive connection is closed once idle for the limit after its answer")
    func idleAfterAnswer() async throws {
        let daemon = try TestDaemon(connectionTimeouts: Self.quick)
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            try connection.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.answer().status == 200)
            #expect(await connection.closesConnection())
        }
    }

    @Test("a header that trickles in is answered 408 and closed after the header limit")
    func slowHeader() async throws {
        let daemon = try TestDaemon(connectionTimeouts: Self.quick)
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            try connection.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            let answer = try await connection.answer()
            #expect(answer.status == 408)
            #expect(answer.body.contains(#""code":"requestTimeout""#))
            #expect(await connection.closesConnection())
        }
    }

    @Test("a kept-alive connection's next header that trickles in is answered 408 after the header limit, not the idle one")
    func slowHeaderAfterKeepAlive() async throws {
        // An idle limit far from the header limit: a guard that waited for a timer armed
        // for the idle limit would answer seconds late.
        var timeouts = Self.quick
        timeouts.idle = .seconds(4)
        let daemon = try TestDaemon(connectionTimeouts: timeouts)
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            try connection.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.answer().status == 200)
            let started = ContinuousClock.now
            try connection.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            let answer = try await connection.answer()
            let waited = ContinuousClock.now - started
            #expect(answer.status == 408)
            #expect(waited >= .milliseconds(350))
            #expect(waited < .seconds(3))
            #expect(await connection.closesConnection())
        }
    }

    @Test("a body that stops arriving is answered 408 and closed after the body limit")
    func slowBody() async throws {
        let daemon = try TestDaemon(connectionTimeouts: Self.quick)
        try await daemon.withLiveServer { client in
            let connection = try RawHTTP(port: client.port!)
            try connection.send(
                "POST /v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(daemon.admin)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"identifier\"")
            let answer = try await connection.answer()
            #expect(answer.status == 408)
            #expect(await connection.closesConnection())
        }
    }

    @Test("an event stream outlives the HTTP idle limit: a WebSocket is kept alive by pings")
    func webSocketOutlivesIdleLimit() async throws {
        var timeouts = Self.quick
        timeouts.idle = .milliseconds(1_500)
        let daemon = try TestDaemon(connectionTimeouts: timeouts)
        try await daemon.withLiveServer { client in
            let port = client.port!
            // Plain requests on connections of their own: the test client's kept-alive
            // connection would be closed as idle between two calls on a slow machine.
            let registration = #"{"identifier":"com.example.shop","name":"Shop"}"#
            let registered = try await RawHTTP.exchange(port: port, Self.post("/v1/apps", registration, token: daemon.admin))
            let token = try API.decoder().decode(API.AppCredentials.self, from: Data(registered.body.utf8)).token
            let authorized = try await RawHTTP.exchange(
                port: port, Self.post("/v1/apps/com.example.shop/authorization", #"{"options":["alert"]}"#, token: token))
            #expect(authorized.status == 200)
            let events = try await EventStreamTests.events(client, token: token, count: 1) {
                try await Task.sleep(for: .milliseconds(2_500))
                let body = #"{"identifier":"late","content":{"title":"Late"}}"#
                let added = try await RawHTTP.exchange(port: port, Self.post("/v1/apps/com.example.shop/requests", body, token: token))
                #expect(added.status == 201)
            }
            #expect(events.first?.type == .pendingChanged)
        }
    }

    /// A JSON POST with a bearer token, as it goes on the wire.
    static func post(_ path: String, _ body: String, token: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }
}
