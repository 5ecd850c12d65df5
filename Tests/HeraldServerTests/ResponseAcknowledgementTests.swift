import Foundation
import HTTPTypes
import HeraldAPI
import HeraldTestSupport
@testable import HeraldServer
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOWebSocket
import NotificationEngine
import Synchronization
import Testing

/// An answer given while an app reached over HTTP is away is kept until the app
/// acknowledges it: its event stream gets it when it opens, after a restart and on
/// any node, and never again once acknowledged.
@Suite("Responses kept for an app until it acknowledges them", .timeLimit(.minutes(2)))
struct ResponseAcknowledgementTests {
    static let app = "com.example.chat"
    static let day: Double = 24 * 3_600

    /// Delivers a notification at once and answers it with a tap as the user
    /// (the admin); returns the delivery's id.
    static func answered(_ client: any TestClientProtocol, token: String, admin: String) async throws -> String {
        _ = try await client.call(.post, "/v1/apps/\(app)/requests", token: token, json: API.Request.simple("ping", in: nil))
        let delivered = try await client.call(.get, "/v1/apps/\(app)/delivered", token: token)
        let id = try #require(try delivered.decode([String: [API.Delivery]].self)["deliveries"]?.last?.id)
        let answer = try await client.call(
            .post, "/v1/deliveries/\(id)/response", token: admin,
            json: API.ResponseBody(actionIdentifier: NotificationAction.defaultIdentifier))
        #expect(answer.status == .noContent)
        return id
    }

    /// The answers a stream of the app opened with `streamToken` sends again when it
    /// opens (`sequence` 0): read until a delivery made through `client` once the
    /// stream is open shows up (resuming after 0, so it cannot be missed).
    static func replayed(
        _ client: any TestClientProtocol, token: String, streamToken: String? = nil
    ) async throws -> [API.Response] {
        let marker = "marker-\(UUID().uuidString)"
        let received = Mutex<[API.Event]>([])
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = [.authorization: "Bearer \(streamToken ?? token)"]
        try await client.ws("/v1/events?app=\(app)&after=0", configuration: configuration) { inbound, outbound, _ in
            _ = try await client.call(.post, "/v1/apps/\(app)/requests", token: token, json: API.Request.simple(marker, in: nil))
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else { continue }
                let event = try API.decoder().decode(API.Event.self, from: Data(text.utf8))
                received.withLock { $0.append(event) }
                if case .delivered(let delivery) = event.kind, delivery.request.identifier == marker { break }
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return received.withLock { events in
            events.compactMap { event in
                guard case .responded(let response) = event.kind, event.sequence == 0 else { return nil }
                return response
            }
        }
    }

    static func acknowledge(_ id: String, _ client: any TestClientProtocol, token: String) async throws -> Answer {
        try await client.call(.post, "/v1/apps/\(app)/responses/\(id)/ack", token: token)
    }

    @Test("an answer given while the app was away comes on its stream after a restart, once; acknowledged, never again")
    func acrossRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-acks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try TestDaemon(directory: directory)
        let (token, id) = try await first.withLiveServerReturning { client in
            let token = try await client.register(Self.app, admin: first.admin)
            return (token, try await Self.answered(client, token: token, admin: first.admin))
        }
        let restarted = try TestDaemon(directory: directory)
        try await restarted.withLiveServer { client in
            let replayed = try await Self.replayed(client, token: token)
            #expect(replayed.map(\.delivery.id) == [id])
            #expect(replayed.first?.reachesApp == true)
            #expect(replayed.first?.actionIdentifier == NotificationAction.defaultIdentifier)
            let waiting = try await client.call(.get, "/v1/apps/\(Self.app)/responses", token: token)
            #expect(try waiting.decode([String: [API.Response]].self)["responses"]?.map(\.delivery.id) == [id])
            #expect(try await Self.acknowledge(id, client, token: token).status == .noContent)
            #expect(try await Self.replayed(client, token: token).isEmpty)
            let again = try await Self.acknowledge(id, client, token: token)
            #expect(again.status == .notFound && again.errorCode == "deliveryNotFound")
        }
        let third = try TestDaemon(directory: directory)
        try await third.withLiveServer { client in
            let replayed = try await Self.replayed(client, token: token)
            #expect(replayed.isEmpty)
        }
    }

    @Test("only the app's own token acknowledges; the admin's streams get no replay")
    func whoAcknowledges() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let other = try await client.register("com.example.other", admin: daemon.admin)
            let id = try await Self.answered(client, token: token, admin: daemon.admin)
            let byAdmin = try await Self.acknowledge(id, client, token: daemon.admin)
            #expect(byAdmin.status == .forbidden)
            let byOther = try await Self.acknowledge(id, client, token: other)
            #expect(byOther.status == .forbidden)
            let unknown = try await Self.acknowledge("not-a-delivery", client, token: token)
            #expect(unknown.status == .notFound && unknown.errorCode == "deliveryNotFound")
            #expect(try await Self.replayed(client, token: token, streamToken: daemon.admin).isEmpty)
            #expect(try await Self.replayed(client, token: token).map(\.delivery.id) == [id], "still kept")
        }
    }

    @Test("an acknowledged answer's delivery is deleted after the retention; an unacknowledged one is kept")
    func retention() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let admin = daemon.admin
            let token = try await client.register(Self.app, admin: admin)
            let kept = try await Self.answered(client, token: token, admin: admin)
            let acknowledged = try await Self.answered(client, token: token, admin: admin)
            #expect(try await Self.acknowledge(acknowledged, client, token: token).status == .noContent)
            _ = try await client.call(.post, "/v1/debug/clock", token: admin, json: API.ClockAdvance(advanceSeconds: 8 * Self.day))
            #expect(try await client.call(.get, "/v1/deliveries/\(acknowledged)", token: admin).status == .notFound)
            #expect(try await client.call(.get, "/v1/deliveries/\(kept)", token: admin).status == .ok)
        }
    }
}

/// The same across two daemons (nodes) sharing a PostgreSQL database.
@Suite(
    "Responses kept for an app across nodes", .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired),
    .timeLimit(.minutes(2)))
struct TwoNodeResponseAcknowledgementTests {
    typealias Kept = ResponseAcknowledgementTests

    @Test("an answer given on one node comes on the app's stream on the other; acknowledged there, on neither again")
    func acrossNodes() async throws {
        let schema = try TwoNodeEventStreamTests.Schema()
        try await TwoNodeEventStreamTests.withTwoNodes(schema) { a, b in
            let token = try await a.client.register(Kept.app, admin: a.admin)
            let id = try await Kept.answered(a.client, token: token, admin: a.admin)
            #expect(try await Kept.replayed(b.client, token: token).map(\.delivery.id) == [id])
            #expect(try await Kept.acknowledge(id, b.client, token: token).status == .noContent)
            #expect(try await Kept.replayed(a.client, token: token).isEmpty)
            #expect(try await Kept.replayed(b.client, token: token).isEmpty)
        }
        withExtendedLifetime(schema) {}
    }
}
