import Crypto
import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import NotificationModel
import Testing

/// `/v1/push/keys` and `/v1/push/devices`: the push service's provider keys,
/// registered from a `.p8` file, listed without the key, kept across a restart.
@Suite("Push keys")
struct PushKeyRouteTests {
    /// A P-256 key in PKCS#8 PEM, as in a `.p8` file.
    static let p8 = P256.Signing.PrivateKey().pemRepresentation

    static func upload(
        _ identifier: String = "ABC123DEFG", team: String = "TEAM123456", p8: String = p8,
        topics: [String] = ["com.example.chat"]
    ) -> API.PushKeyUpload {
        API.PushKeyUpload(identifier: identifier, team: team, p8: p8, topics: topics)
    }

    @Test("an admin adds, lists and removes a key; the listing never shows the key, and a restart keeps it")
    func lifecycle() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let added = try await client.call(.post, "/v1/push/keys", token: daemon.admin, json: Self.upload())
            #expect(added.status == .created)
            let key = try added.decode(API.PushKey.self)
            #expect(key.identifier == "ABC123DEFG" && key.team == "TEAM123456" && key.topics == ["com.example.chat"])
            let listing = try await client.call(.get, "/v1/push/keys", token: daemon.admin)
            #expect(try listing.decode([String: [API.PushKey]].self)["keys"] == [key])
            #expect(!String(decoding: listing.body, as: UTF8.self).contains("PRIVATE"))
        }
        let restarted = try TestDaemon(directory: daemon.directory)
        try await restarted.withRouter { client in
            let listing = try await client.call(.get, "/v1/push/keys", token: restarted.admin)
            #expect(try listing.decode([String: [API.PushKey]].self)["keys"]?.map(\.identifier) == ["ABC123DEFG"])
            #expect(try await client.call(.delete, "/v1/push/keys/ABC123DEFG", token: restarted.admin).status == .noContent)
            let gone = try await client.call(.delete, "/v1/push/keys/ABC123DEFG", token: restarted.admin)
            #expect(gone.status == .notFound)
            let empty = try await client.call(.get, "/v1/push/keys", token: restarted.admin)
            #expect(try empty.decode([String: [API.PushKey]].self)["keys"] == [])
        }
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var what: String
        var upload: API.PushKeyUpload
        var status: HTTPResponse.Status
        var code: String
        var testDescription: String { what }
    }

    @Test(arguments: [
        Bad(what: "a bad identifier", upload: upload("ABC 123"), status: .unprocessableContent, code: "invalidIdentifier"),
        Bad(what: "a bad team", upload: upload(team: ""), status: .unprocessableContent, code: "invalidIdentifier"),
        Bad(what: "not a key", upload: upload(p8: "hello"), status: .unprocessableContent, code: "invalidPushKey"),
        Bad(what: "no topic", upload: upload(topics: []), status: .unprocessableContent, code: "invalidTopic"),
        Bad(what: "a topic another team owns", upload: upload("OTHERKEY01", team: "OTHERTEAM1"), status: .conflict,
            code: "conflict"),
    ])
    func refused(_ bad: Bad) async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            _ = try await client.call(.post, "/v1/push/keys", token: daemon.admin, json: Self.upload())
            let answer = try await client.call(.post, "/v1/push/keys", token: daemon.admin, json: bad.upload)
            #expect(answer.status == bad.status)
            #expect(answer.errorCode == bad.code)
            let listing = try await client.call(.get, "/v1/push/keys", token: daemon.admin)
            #expect(try listing.decode([String: [API.PushKey]].self)["keys"]?.map(\.identifier) == ["ABC123DEFG"])
        }
    }

    @Test("an app's token reaches neither the keys nor the devices")
    func adminOnly() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = try await client.register("com.example.chat", admin: daemon.admin)
            #expect(try await client.call(.get, "/v1/push/keys", token: app).status == .forbidden)
            #expect(try await client.call(.post, "/v1/push/keys", token: app, json: Self.upload()).status == .forbidden)
            #expect(try await client.call(.delete, "/v1/push/keys/ABC123DEFG", token: app).status == .forbidden)
            #expect(try await client.call(.get, "/v1/push/devices", token: app).status == .forbidden)
            let devices = try await client.call(.get, "/v1/push/devices", token: daemon.admin)
            #expect(try devices.decode([String: [API.PushDevice]].self)["devices"] == [])
        }
    }
}

/// `POST /v1/push/send`: the administrator's push, through the provider API's checks.
@Suite("Push sent by the administrator")
struct PushSendRouteTests {
    @Test("a push to an app's token is delivered to it; a refused one is Apple's answer as data; only the admin sends")
    func send() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = try await client.register("com.example.chat", admin: daemon.admin)
            _ = try await client.call(
                .post, "/v1/apps/com.example.chat/authorization", token: app,
                json: API.AuthorizationRequest(options: ["alert"]))
            let device = try await client.call(.post, "/v1/push/registration", token: app)
                .decode(API.DeviceToken.self).deviceToken
            let push = API.PushSend(
                deviceToken: device,
                payload: .object(["aps": .object(["alert": .object(["title": .string("Hello")])])]),
                collapseID: "greeting")
            let sent = try await client.call(.post, "/v1/push/send", token: daemon.admin, json: push)
                .decode(API.PushResult.self)
            #expect(sent.status == 200 && sent.reason == nil && UUID(uuidString: sent.apnsID) != nil)
            let delivered = try await client.call(.get, "/v1/apps/com.example.chat/delivered", token: app)
                .decode([String: [API.Delivery]].self)["deliveries"]
            #expect(delivered?.map(\.request.identifier) == ["greeting"])
            #expect(delivered?.first?.request.content.title == "Hello")

            var unknown = push
            unknown.deviceToken = String(repeating: "ab", count: 32)
            let refused = try await client.call(.post, "/v1/push/send", token: daemon.admin, json: unknown)
                .decode(API.PushResult.self)
            #expect(refused.status == 400 && refused.reason == "BadDeviceToken")
            var notObject = push
            notObject.payload = .string("hi")
            let bad = try await client.call(.post, "/v1/push/send", token: daemon.admin, json: notObject)
            #expect(bad.status == .unprocessableContent && bad.errorCode == "invalidPayload")
            #expect(try await client.call(.post, "/v1/push/send", token: app, json: push).status == .forbidden)
        }
    }
}
