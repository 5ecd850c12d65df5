import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import NIOCore
import NIOWebSocket
import NotificationEngine
import Synchronization
import Testing

@Suite("Event streams under attack: revocation, caps, slow clients, numbering", .timeLimit(.minutes(3)))
struct StreamSecurityTests {
    /// Opens `path` with `headers`, runs `act` once open, reads until the daemon
    /// closes the stream (or 10 s pass), and returns the close frame and the events read.
    static func streamUntilClosed(
        _ client: any TestClientProtocol, path: String = "/v1/events", headers: HTTPFields,
        readFirst: Int = 0, act: @escaping @Sendable () async throws -> Void
    ) async throws -> (close: WebSocketCloseFrame?, events: [String]) {
        let received = Mutex<[String]>([])
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = headers
        let close = try await client.ws(path, configuration: configuration) { inbound, _, _ in
            var iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            for _ in 0..<readFirst {
                guard case .text(let text) = try await iterator.next() else { break }
                received.withLock { $0.append(text) }
            }
            try await act()
            // The suite's time limit ends a stream the daemon never closes.
            while let message = try await iterator.next() {
                if case .text(let text) = message { received.withLock { $0.append(text) } }
            }
        }
        return (close, received.withLock { $0 })
    }

    static func bearer(_ token: String) -> HTTPFields {
        [.authorization: "Bearer \(token)"]
    }

    @Test("renewing an app's token closes the streams opened with the old one at once, with 4401")
    func renewingTokenClosesStreams() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            let admin = daemon.admin
            let (close, _) = try await Self.streamUntilClosed(client, headers: Self.bearer(token)) {
                let renewed = try await client.call(.post, "/v1/apps/com.example.shop/token", token: admin)
                #expect(renewed.status == .ok)
            }
            // 4401 is the revocation's own code: a stream ended by a limit closes otherwise.
            #expect(close?.closeCode == .unknown(4401))
            #expect(try await client.call(.get, "/v1/apps/com.example.shop/pending", token: token).status == .unauthorized)
        }
    }

    @Test("removing an app closes its streams; the identifier registered again streams nothing to the old socket")
    func removingAppClosesStreams() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            let admin = daemon.admin
            let (close, events) = try await Self.streamUntilClosed(client, headers: Self.bearer(token)) {
                #expect(try await client.call(.delete, "/v1/apps/com.example.shop", token: admin).status == .noContent)
                let again = try await client.register("com.example.shop", admin: admin)
                _ = try await client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: again,
                    json: API.Request.simple("secret of the new app", in: nil))
            }
            #expect(close?.closeCode == .unknown(4401))
            #expect(!events.contains { $0.contains("secret of the new app") })
        }
    }

    /// The fields of a WebSocket upgrade from the daemon's own page signed in with
    /// `browser` (its cookie and key): the key offered as a protocol beside `herald`.
    static func browserStream(_ browser: HTTPFields, port: Int) -> [(String, String)] {
        [
            ("Cookie", browser[.cookie]!), ("Origin", "http://localhost:\(port)"),
            ("Sec-WebSocket-Protocol", "herald, herald-key.\(browser[SessionKeyTransport.header]!)"),
        ]
    }

    @Test("a browser's open stream keeps its session in use past a day without calls, and is closed 7 days after sign-in")
    func streamKeepsSessionInUse() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let port = client.port!
            let browser = try await SecurityTests.signIn(client, daemon)
            let fingerprint = Secrets.fingerprint(String(browser[.cookie]!.split(separator: "=", maxSplits: 1)[1]))
            let sessions = SessionFile(file: daemon.directory.appendingPathComponent("sessions.json"))
            let usedAt = { try sessions.load().first { $0.fingerprint == fingerprint }?.usedAt }
            let stream = try RawHTTP(port: port, timeout: .seconds(30))
            try stream.send(RawHTTP.upgradeRequest(port: port, token: nil, headers: Self.browserStream(browser, port: port)))
            #expect(try await stream.answer().status == 101)
            var last = try #require(try usedAt())
            for _ in 0..<7 {
                _ = try await client.call(
                    .post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 23 * 3_600))
                // The stream's watch records the use once it wakes; wait for it, however busy the machine.
                let deadline = ContinuousClock.now + .seconds(30)
                while try usedAt() ?? last <= last, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
                let recorded = try #require(try usedAt())
                #expect(recorded > last)
                last = recorded
            }
            #expect(try await client.call(.get, "/v1/apps", headers: browser).status == .ok, "161 h after sign-in, no call since")
            _ = try await client.call(
                .post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 8 * 3_600))
            #expect(await stream.readStreamUntilClosed().closeCode == 4401, "past 7 days the session ends, and its stream")
            #expect(try await client.call(.get, "/v1/apps", headers: browser).status == .unauthorized)
        }
    }

    @Test("signing out closes the streams of that browser session, the center's and the apps' pages'")
    func signingOutClosesStreams() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withLiveServer { client in
            let port = client.port!
            let cookie = try await SecurityTests.signIn(client, daemon)
            // A browser's WebSocket, over a bare socket: the test client sends an Origin of its own.
            let center = try RawHTTP(port: port, timeout: .seconds(10))
            try center.send(RawHTTP.upgradeRequest(port: port, token: nil, headers: Self.browserStream(cookie, port: port)))
            #expect(try await center.answer().status == 101)
            var signOut = cookie
            signOut[.origin] = "http://localhost:\(port)"
            #expect(try await client.call(.post, "/logout", headers: signOut).status == .noContent)
            #expect(await center.readStreamUntilClosed().closeCode == 4401)
            #expect(try await client.call(.get, "/v1/apps", headers: cookie).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/health", headers: cookie).status == .ok, "an ended session is ignored on public routes")

            let second = try await SecurityTests.signIn(client, daemon)
            let page = try RawHTTP(port: port, timeout: .seconds(10))
            try page.send(
                RawHTTP.upgradeRequest(
                    port: port, token: nil, path: "/apps/todo/events", headers: Self.browserStream(second, port: port)))
            #expect(try await page.answer().status == 101)
            #expect(await page.readMessage() == #"{"type":"foreground"}"#)
            #expect(try await client.call(.delete, "/v1/sessions", token: daemon.admin).status == .ok)
            #expect(await page.readStreamUntilClosed().closeCode == 4401)
            #expect(try await client.call(.get, "/apps/todo/", headers: second).status == .unauthorized)
        }
    }

    @Test("a credential holds at most 16 streams: the 17th upgrade is refused with 429 in the API's error shape")
    func streamCap() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            let port = client.port!
            var open: [RawHTTP] = []
            for _ in 0..<StreamRegistry.defaultPerCredentialLimit {
                let connection = try RawHTTP(port: port)
                try connection.send(RawHTTP.upgradeRequest(port: port, token: token))
                #expect(try await connection.answer().status == 101)
                open.append(connection)
            }
            let refused = try await RawHTTP.exchange(port: port, RawHTTP.upgradeRequest(port: port, token: token))
            #expect(refused.status == 429)
            #expect(refused.body.contains(#""code":"tooManyStreams""#))
            let other = try await client.register("com.example.todo", admin: daemon.admin)
            let accepted = try await RawHTTP.exchange(port: port, RawHTTP.upgradeRequest(port: port, token: other))
            #expect(accepted.status == 101, "another credential still opens a stream")
            open.removeAll()
            // Once they are closed, the credential opens streams again.
            var reopened: RawHTTP.Answer?
            for _ in 0..<100 where reopened?.status != 101 {
                try await Task.sleep(for: .milliseconds(20))
                reopened = try await RawHTTP.exchange(port: port, RawHTTP.upgradeRequest(port: port, token: token))
            }
            #expect(reopened?.status == 101)
        }
    }

    @Test("a client that stops reading is closed with 4429 once a megabyte waits for it")
    func slowClientIsDropped() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let port = client.port!
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            _ = try await client.call(
                .post, "/v1/apps/com.example.shop/authorization", token: token,
                json: API.AuthorizationRequest(options: ["alert"]))
            // A bare socket with a small receive buffer that reads nothing until the adds are done.
            let stream = try RawHTTP(port: port, timeout: .seconds(20), receiveBuffer: 4_096)
            try stream.send(RawHTTP.upgradeRequest(port: port, token: token))
            #expect(try await stream.answer().status == 101)
            var request = API.Request.simple("n", in: nil)
            request.content.body = String(repeating: "x", count: 8_000)
            request.content.title = String(repeating: "t", count: 1_000)
            request.content.subtitle = String(repeating: "s", count: 1_000)
            // Each add sends the stream two events of about 10 KB: 10 MB in all.
            for index in 0..<500 {
                request.identifier = "n\(index % 32)"
                let added = try await client.call(.post, "/v1/apps/com.example.shop/requests", token: token, json: request)
                #expect(added.status == .created)
            }
            let (messages, code) = await stream.readStreamUntilClosed()
            #expect(code == 4429)
            #expect(messages.count < 1_000, "the events past the limit were not buffered for it")
        }
    }

    @Test("each scope numbers its own events: an app's stream does not count other apps' events")
    func perScopeSequence() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let shop = try await client.register("com.example.shop", admin: daemon.admin)
            let todo = try await client.register("com.example.todo", admin: daemon.admin)
            for index in 0..<5 {
                _ = try await client.call(
                    .post, "/v1/apps/com.example.todo/requests", token: todo, json: API.Request.simple("t\(index)", in: 600))
            }
            let events = try await EventStreamTests.events(client, token: shop, count: 2) {
                _ = try await client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("s", in: nil))
            }
            #expect(events.map(\.sequence) == [2, 3], "the shop's appsChanged was 1; todo's 5 adds are not counted")
        }
    }

    @Test("?after=N resumes a stream with the events it missed")
    func resume() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let shop = try await client.register("com.example.shop", admin: daemon.admin)
            for index in 0..<3 {
                _ = try await client.call(
                    .post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("s\(index)", in: 600))
            }
            // appsChanged is 1, the three pendingChanged 2–4.
            let events = try await EventStreamTests.events(client, token: shop, path: "/v1/events?after=2", count: 2) {}
            #expect(events.map(\.sequence) == [3, 4])
            #expect(events.allSatisfy { $0.type == .pendingChanged })
            let bad = try await RawHTTP.exchange(
                port: client.port!, RawHTTP.upgradeRequest(port: client.port!, token: shop, path: "/v1/events?after=-1"))
            #expect(bad.status == 400)
        }
    }

    @Test("a refused upgrade gets the documented status and JSON: 401, 403, 426")
    func refusedUpgrades() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let port = client.port!
            let shop = try await client.register("com.example.shop", admin: daemon.admin)
            let anonymous = try await RawHTTP.exchange(port: port, RawHTTP.upgradeRequest(port: port, token: nil))
            #expect(anonymous.status == 401)
            #expect(anonymous.body.contains(#""code":"unauthorized""#))
            let wrong = try await RawHTTP.exchange(port: port, RawHTTP.upgradeRequest(port: port, token: "hat_nope"))
            #expect(wrong.status == 401)
            let foreign = try await RawHTTP.exchange(
                port: port, RawHTTP.upgradeRequest(port: port, token: shop, path: "/v1/events?app=com.example.todo"))
            #expect(foreign.status == 403)
            #expect(foreign.body.contains(#""code":"forbidden""#))
        }
    }
}
