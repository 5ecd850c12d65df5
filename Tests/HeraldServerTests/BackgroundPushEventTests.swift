import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HeraldTestSupport
import HummingbirdTesting
import NotificationEngine
import Synchronization
import Testing

/// A background push reaches an app connected over HTTP: the daemon's event
/// stream carries it to the app's stream and the admin's.
@Suite("Background pushes on the event stream")
struct BackgroundPushEventTests {
    static let payload: JSONValue = .object(["aps": .object(["content-available": .number(1)]), "k": .string("v")])

    @Test("a content-available push to an app's token is on the app's stream and the admin's, with its apns-id and payload")
    func onTheStreams() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let app = try await client.register("com.example.chat", admin: daemon.admin)
            let device = try await client.call(.post, "/v1/push/registration", token: app)
                .decode(API.DeviceToken.self).deviceToken
            let push = API.PushSend(deviceToken: device, pushType: "background", payload: Self.payload, priority: 5)
            let admin = daemon.admin
            let sent = Mutex<[API.PushResult]>([])
            let send: @Sendable () async throws -> Void = {
                let result = try await client.call(.post, "/v1/push/send", token: admin, json: push)
                    .decode(API.PushResult.self)
                sent.withLock { $0.append(result) }
            }

            let appEvents = try await EventStreamTests.events(client, token: app, count: 1, act: send)
            let adminEvents = try await EventStreamTests.events(
                client, token: admin, path: "/v1/events?app=com.example.chat", count: 1, act: send)

            let results = sent.withLock { $0 }
            #expect(results.map(\.status) == [200, 200])
            for (events, result) in zip([appEvents, adminEvents], results) {
                #expect(events.map(\.app) == ["com.example.chat"])
                #expect(events.map(\.kind) == [
                    .remoteNotificationReceived(apnsID: result.apnsID, userInfo: ["aps": ["content-available": 1], "k": "v"])
                ])
            }
            // Nothing is shown or kept for it.
            let delivered = try await client.call(.get, "/v1/apps/com.example.chat/delivered", token: app)
                .decode([String: [API.Delivery]].self)["deliveries"]
            #expect(delivered == [])
        }
    }

    @Test(
        "a background push accepted by one node is on the app's stream of the other",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired), .timeLimit(.minutes(2)))
    func acrossNodes() async throws {
        let schema = try TwoNodeEventStreamTests.Schema()
        try await TwoNodeEventStreamTests.withTwoNodes(schema) { a, b in
            let app = try await a.client.register("com.example.chat", admin: a.admin)
            let device = try await a.client.call(.post, "/v1/push/registration", token: app)
                .decode(API.DeviceToken.self).deviceToken
            let push = API.PushSend(deviceToken: device, pushType: "background", payload: Self.payload, priority: 5)
            let sent = try await a.client.call(.post, "/v1/push/send", token: a.admin, json: push)
                .decode(API.PushResult.self)
            #expect(sent.status == 200)
            let onB = try await TwoNodeEventStreamTests.read(
                b.client, token: app, path: "/v1/events?after=0",
                until: TwoNodeEventStreamTests.has(1, .remoteNotificationReceived))
            #expect(onB.map(\.event.kind).last == .remoteNotificationReceived(
                apnsID: sent.apnsID, userInfo: ["aps": ["content-available": 1], "k": "v"]))
        }
        withExtendedLifetime(schema) {}
    }
}
