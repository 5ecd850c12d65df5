import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import NIOCore
import NIOWebSocket
import NotificationEngine
import Synchronization
import Testing

@Suite("The live event stream")
struct EventStreamTests {
    /// Connects to `/v1/events` with `token`, runs `act` once connected, and
    /// returns the events received until `count` have arrived.
    static func events(
        _ client: any TestClientProtocol, token: String, path: String = "/v1/events", count: Int,
        act: @escaping @Sendable () async throws -> Void
    ) async throws -> [API.Event] {
        try await events(client, token: token, path: path, until: { $0.count >= count }, act: act)
    }

    /// Connects to `/v1/events` with `token`, runs `act` once connected, and
    /// returns the events received until `done` says it has them all.
    static func events(
        _ client: any TestClientProtocol, token: String, path: String = "/v1/events",
        until done: @escaping @Sendable ([API.Event]) -> Bool, act: @escaping @Sendable () async throws -> Void
    ) async throws -> [API.Event] {
        let received = Mutex<[API.Event]>([])
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = [.authorization: "Bearer \(token)"]
        try await client.ws(path, configuration: configuration) { inbound, outbound, _ in
            try await act()
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else { continue }
                let event = try API.decoder().decode(API.Event.self, from: Data(text.utf8))
                if done(received.withLock { $0.append(event); return $0 }) { break }
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return received.withLock { $0 }
    }

    @Test("the admin sees deliveries, presentations and responses as they happen, numbered in order")
    func adminStream() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            let admin = daemon.admin
            let events = try await Self.events(client, token: admin, count: 4) {
                _ = try await client.call(.post, "/v1/apps/com.example.shop/requests", token: token, json: API.Request.simple("milk", in: 60))
                _ = try await client.call(.post, "/v1/debug/clock", token: admin, json: API.ClockAdvance(advanceSeconds: 60))
                let delivered = try await client.call(.get, "/v1/apps/com.example.shop/delivered", token: token)
                let delivery = try #require(try delivered.decode([String: [API.Delivery]].self)["deliveries"]?.first)
                _ = try await client.call(
                    .post, "/v1/deliveries/\(delivery.id)/response", token: admin,
                    json: API.ResponseBody(actionIdentifier: NotificationAction.defaultIdentifier))
            }
            #expect(events.map(\.type) == [.pendingChanged, .delivered, .presented, .withdrawn]
                || events.map(\.type) == [.pendingChanged, .delivered, .presented, .responded])
            #expect(events.allSatisfy { $0.app == "com.example.shop" })
            #expect(events.map(\.sequence) == Array(events[0].sequence..<(events[0].sequence + events.count)))
            guard case .delivered(let delivery) = events[1].kind, case .presented(let presentation) = events[2].kind else {
                Issue.record("expected a delivery and its presentation, got \(events.map(\.type))")
                return
            }
            #expect(delivery.request.identifier == "milk")
            #expect(presentation.style == "banner")
        }
    }

    @Test("an app's token streams its own app's events only")
    func appStream() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let shop = try await client.register("com.example.shop", admin: daemon.admin)
            let todo = try await client.register("com.example.todo", admin: daemon.admin)
            let events = try await Self.events(client, token: shop, count: 2) {
                _ = try await client.call(.post, "/v1/apps/com.example.todo/requests", token: todo, json: API.Request.simple("x", in: nil))
                _ = try await client.call(.post, "/v1/apps/com.example.shop/requests", token: shop, json: API.Request.simple("y", in: nil))
            }
            #expect(events.allSatisfy { $0.app == "com.example.shop" })
            #expect(events.map(\.type) == [.pendingChanged, .delivered])
        }
    }

    @Test("an app's token cannot ask for another app's events")
    func refusedFilter() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let shop = try await client.register("com.example.shop", admin: daemon.admin)
            _ = try await client.register("com.example.todo", admin: daemon.admin)
            await #expect(throws: (any Error).self) {
                _ = try await Self.events(client, token: shop, path: "/v1/events?app=com.example.todo", count: 1) {}
            }
        }
    }
}
