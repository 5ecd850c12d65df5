import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import NIOWebSocket
import NotificationEngine
import Synchronization
import Testing

@Suite("The bundled apps' pages and event streams")
struct BundledAppRoutesTests {
    struct Status: Decodable, Equatable {
        var openPages: Int
        var foreground: Bool
    }

    static func status(_ client: any TestClientProtocol, _ slug: String, admin: String) async throws -> Status {
        let answer = try await client.call(.get, "/apps/\(slug)/status", token: admin)
        #expect(answer.status == .ok)
        return try JSONDecoder().decode(Status.self, from: answer.body)
    }

    /// Asks for the status until it is `expected` (a page that went away is
    /// noticed by the daemon a little later), at most 3,000 times.
    static func waitForStatus(
        _ expected: Status, _ client: any TestClientProtocol, _ slug: String, admin: String
    ) async throws -> Status {
        var current = try await status(client, slug, admin: admin)
        for _ in 0..<3_000 where current != expected {
            try await Task.sleep(for: .milliseconds(10))
            current = try await status(client, slug, admin: admin)
        }
        return current
    }

    /// Runs `body` on an open page connection to `/apps/{slug}/events`, with the
    /// text messages as they come.
    static func withPage(
        _ client: any TestClientProtocol, _ slug: String, admin: String,
        _ body: @escaping @Sendable (AsyncThrowingStream<[String: JSONValue], any Error>.Iterator) async throws -> Void
    ) async throws {
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = [.authorization: "Bearer \(admin)"]
        try await client.ws("/apps/\(slug)/events", configuration: configuration) { inbound, outbound, _ in
            let messages = AsyncThrowingStream<[String: JSONValue], any Error> { continuation in
                let task = Task {
                    do {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            continuation.yield(try JSONDecoder().decode([String: JSONValue].self, from: Data(text.utf8)))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            try await body(messages.makeAsyncIterator())
            try await outbound.close(.normalClosure, reason: nil)
        }
    }

    /// The app's reply to `action` (with the admin token, as the page's cookie would).
    static func action(
        _ client: any TestClientProtocol, _ slug: String, _ action: String, _ body: JSONValue, admin: String
    ) async throws -> [String: JSONValue] {
        let answer = try await client.call(.post, "/apps/\(slug)/api/\(action)", token: admin, json: body)
        #expect(answer.status == .ok, "\(String(decoding: answer.body, as: UTF8.self))")
        return try JSONDecoder().decode([String: JSONValue].self, from: answer.body)
    }

    /// Waits until the app's registration has finished (the grant-all policy answers at once).
    static func waitUntilAllowed(_ client: any TestClientProtocol, admin: String) async throws {
        for _ in 0..<3_000 {
            if try await action(client, "todo", "list", .null, admin: admin)["notifications"] == "allowed" { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("Todo was never allowed to send notifications")
    }

    @Test("a page's stream starts with \"foreground\" once its app is in the foreground, where reminders reach the page")
    func foregroundFirst() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withLiveServer { client in
            let admin = daemon.admin
            try await Self.waitUntilAllowed(client, admin: admin)
            #expect(try await Self.status(client, "todo", admin: admin) == Status(openPages: 0, foreground: false))
            try await Self.withPage(client, "todo", admin: admin) { messages in
                var messages = messages
                let opening = try await messages.next()
                #expect(opening == ["type": "foreground"])
                #expect(try await Self.status(client, "todo", admin: admin) == Status(openPages: 1, foreground: true))

                let now = try await client.call(.get, "/v1/clock", token: admin).decode(API.Clock.self).now
                let deadline = ISO8601DateFormatter().string(from: now.addingTimeInterval(120))
                _ = try await Self.action(
                    client, "todo", "add", ["title": "Pay rent", "deadline": .string(deadline)], admin: admin)
                _ = try await client.call(
                    .post, "/v1/debug/clock", token: admin, json: API.ClockAdvance(advanceSeconds: 121))
                // In the foreground the reminder goes to the app, which shows it in the page.
                var notification: [String: JSONValue]?
                while let message = try await messages.next() {
                    if message["type"] == "notification" {
                        notification = message
                        break
                    }
                }
                #expect(notification?["body"] == "Todo Item \"Pay rent\" Is Overdue")
            }
            #expect(
                try await Self.waitForStatus(Status(openPages: 0, foreground: false), client, "todo", admin: admin)
                    == Status(openPages: 0, foreground: false))
        }
    }

    @Test("the app stays in the foreground until its last page closes, then goes to the background")
    func lastPageCloses() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withLiveServer { client in
            let admin = daemon.admin
            try await Self.withPage(client, "shopping-list", admin: admin) { first in
                var first = first
                let opening = try await first.next()
                #expect(opening == ["type": "foreground"])
                try await Self.withPage(client, "shopping-list", admin: admin) { second in
                    var second = second
                    let opening = try await second.next()
                    #expect(opening == ["type": "foreground"])
                    #expect(
                        try await Self.status(client, "shopping-list", admin: admin)
                            == Status(openPages: 2, foreground: true))
                }
                let one = Status(openPages: 1, foreground: true)
                #expect(try await Self.waitForStatus(one, client, "shopping-list", admin: admin) == one)
            }
            let none = Status(openPages: 0, foreground: false)
            #expect(try await Self.waitForStatus(none, client, "shopping-list", admin: admin) == none)
            // The other apps were never opened.
            #expect(try await Self.status(client, "nag-me", admin: admin) == none)
        }
    }

    @Test("the status is the user's: an app's token or none is refused, an unknown app is not found")
    func statusNeedsTheAdmin() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withRouter { client in
            let other = try await client.register("com.example.shop", admin: daemon.admin)
            #expect(try await client.call(.get, "/apps/todo/status").status == .unauthorized)
            #expect(try await client.call(.get, "/apps/todo/status", token: other).status == .forbidden)
            let unknown = try await client.call(.get, "/apps/weather/status", token: daemon.admin)
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "notFound")
        }
    }
}
