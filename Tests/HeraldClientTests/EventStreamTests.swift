import Foundation
import HeraldAPI
import HeraldTestSupport
import Testing

@testable import HeraldClient

/// The event stream (hummingbird-websocket's client) against a WebSocket server
/// on loopback written here, frame by frame, so each test controls exactly what
/// the daemon sends.
struct EventStreamTests {
    /// Answers the handshake as RFC 6455 says; returns the request's head.
    private static func accept(_ connection: ServerConnection) -> (line: String, headers: [String: String])? {
        guard let head = connection.readHead(), let key = head.headers["sec-websocket-key"] else { return nil }
        connection.acceptWebSocket(key: key)
        return head
    }

    private static func eventJSON(_ type: String, _ sequence: Int, app: String = "com.example.todo") -> String {
        #"{"type":"\#(type)","sequence":\#(sequence),"app":"\#(app)","badge":3}"#
    }

    @Test func eventsArriveDecodedAndPingsAreAnswered() async throws {
        let seen = RecordingBox()
        let server = try LoopbackServer { connection in
            guard let head = Self.accept(connection) else { return }
            seen.record("\(head.line) \(head.headers["authorization"] ?? "") \(head.headers["host"] ?? "")")
            let first = Array(Self.eventJSON("badgeChanged", 1).utf8)
            connection.writeFrame(opcode: 0x1, Array(first.prefix(10)), fin: false)  // a text frame, not the last
            connection.writeFrame(opcode: 0x9, [42])
            connection.writeFrame(opcode: 0x0, Array(first.dropFirst(10)))
            if let pong = connection.readFrame() { seen.record("pong \(pong.opcode) \(pong.payload) masked \(pong.masked)") }
            connection.writeText(Self.eventJSON("pendingChanged", 2))
            connection.writeClose(1000)
            if let close = connection.readFrame() { seen.record("close \(close.opcode) \(close.payload)") }
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "secret"))

        var events: [API.Event] = []
        for try await event in try await client.openEvents(app: "com.example.todo") { events.append(event) }

        try await seen.waitForLines(3)  // the server thread reads our close echo after the stream ended
        #expect(events.map(\.kind) == [.badgeChanged(badge: 3), .pendingChanged])
        #expect(events.map(\.sequence) == [1, 2])
        #expect(seen.lines == [
            "GET /v1/events?app=com.example.todo HTTP/1.1 Bearer secret 127.0.0.1:\(server.port)",
            "pong 10 [42] masked true",
            "close 8 [3, 232]",
        ])
    }

    @Test func refusedHandshakeCarriesTheDaemonsError() async throws {
        let server = try LoopbackServer { connection in
            _ = connection.readHead()
            let body = #"{"error":{"code":"unauthorized","message":"a bearer token is needed"}}"#
            connection.write("HTTP/1.1 401 Unauthorized\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "bad"))
        let error = await #expect(throws: HeraldClientError.self) { try await client.openEvents() }
        #expect(error?.code == .refused)
        #expect(error?.status == 401)
        #expect(error?.serverError?.code == .unauthorized)
    }

    @Test func noDaemonIsUnreachable() async throws {
        let refusing = try RefusingPort()
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(refusing.port)")!, token: "t"))
        var iterator = client.events().makeAsyncIterator()
        let error = await #expect(throws: HeraldClientError.self) { try await iterator.next() }
        #expect(error?.code == .daemonUnreachable)
        withExtendedLifetime(refusing) {}
    }

    @Test func endingTheIterationClosesTheConnection() async throws {
        let seen = RecordingBox()
        let server = try LoopbackServer { connection in
            guard Self.accept(connection) != nil else { return }
            connection.writeText(Self.eventJSON("appOpened", 1))
            if let close = connection.readFrame() {
                seen.record("close \(close.opcode) \(close.payload)")
                connection.writeClose(1000)
            }
            seen.record("end \(connection.read(1).count)")
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "t"))
        for try await event in try await client.openEvents() {
            #expect(event.type == .appOpened)
            break
        }
        try await seen.waitForLines(2)
        #expect(seen.lines == ["close 8 [3, 232]", "end 0"])
    }

    @Test func brokenMessageFailsTheStream() async throws {
        let server = try LoopbackServer { connection in
            guard Self.accept(connection) != nil else { return }
            connection.writeText("not json")
            _ = connection.read(1)
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "t"))
        let stream = try await client.openEvents()
        let error = await #expect(throws: HeraldClientError.self) { for try await _ in stream {} }
        #expect(error?.code == .invalidResponse)
    }

    @Test func aCloseWithTheDaemonsOwnCodeFailsTheStream() async throws {
        let server = try LoopbackServer { connection in
            guard Self.accept(connection) != nil else { return }
            connection.writeText(Self.eventJSON("appOpened", 1))
            connection.writeClose(4401, reason: "the token was renewed")
            _ = connection.readFrame()
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "t"))
        var types: [API.Event.Kind.Name] = []
        let error = await #expect(throws: HeraldClientError.self) {
            for try await event in try await client.openEvents() { types.append(event.type) }
        }
        #expect(types == [.appOpened])
        #expect(error?.code == .connectionFailed)
        #expect(error?.message == "the daemon closed the event stream with 4401: the token was renewed")
    }

    @Test func anUpgradeRefusedForNoOtherReasonIsARefusal() async throws {
        let server = try LoopbackServer { connection in
            guard let head = connection.readHead() else { return }
            let (status, code) = head.headers["upgrade"] == nil ? ("426 Upgrade Required", "upgradeRequired") : ("429 Too Many Requests", "tooManyStreams")
            let body = #"{"error":{"code":"\#(code)","message":"no"}}"#
            connection.write("HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "t"))
        let error = await #expect(throws: HeraldClientError.self) { try await client.openEvents() }
        #expect(error?.code == .refused)
        #expect(error?.message == "the daemon refused to open the event stream: this credential may hold its limit of streams")
    }

    @Test func aCallerCancelledWhileTheDaemonIsSilentGetsCancellationError() async throws {
        let seen = RecordingBox()
        let server = try LoopbackServer { connection in
            _ = connection.readHead()  // a silent daemon: never answers the handshake
            seen.record("asked")
            _ = connection.read(1)
        }
        defer { server.stop() }
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "t"))
        let opening = Task { try await client.openEvents() }
        try await seen.waitForLines(1)
        opening.cancel()
        await #expect(throws: CancellationError.self) { _ = try await opening.value }
    }
}
