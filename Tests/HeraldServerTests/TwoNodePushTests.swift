import Crypto
import Foundation
import HeraldAPI
import HTTPTypes
@testable import HeraldServer
import HeraldTestSupport
import HummingbirdTesting
import NotificationEngine
import PushService
import Testing

/// The push service on two nodes sharing a PostgreSQL database: a key added on one
/// and a device token registered on the other are both known to each, a topic
/// belongs to one team across nodes, and a push either node accepts is delivered once.
@Suite("The push service on a shared database")
struct TwoNodePushTests {
    static let app = "com.example.chat"

    /// An ES256 provider token for `key`, as an APNs client makes it.
    static func providerToken(_ key: P256.Signing.PrivateKey, kid: String, team: String) throws -> String {
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = base64URL(Data(#"{"alg":"ES256","kid":"\#(kid)"}"#.utf8))
        let claims = base64URL(Data(#"{"iss":"\#(team)","iat":\#(Int(Date().timeIntervalSince1970))}"#.utf8))
        let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(base64URL(signature.rawRepresentation))"
    }

    static func push(_ node: TestDaemon, token: String, bearer: String, collapse: String, body: String) async
        -> ProviderAnswer
    {
        await node.daemon.provider.answer(
            ProviderRequest(
                method: "POST", path: "/3/device/\(token)",
                fields: [("authorization", "bearer \(bearer)"), ("apns-topic", app), ("apns-collapse-id", collapse)],
                body: Data(#"{"aps":{"alert":{"title":"Lunch?","body":"\#(body)"}}}"#.utf8)))
    }

    @Test(
        "a key added on one node and a token registered on the other: a push to either node is delivered once",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func acrossNodes() async throws {
        let (one, two, _) = try TwoNodeDaemonTests.nodes()
        // Swift-crypto's keys are not Sendable: the PEM text crosses into the closures.
        let pem = P256.Signing.PrivateKey().pemRepresentation
        let otherPEM = P256.Signing.PrivateKey().pemRepresentation
        try await one.withRouter { first in
            try await two.withRouter { second in
                let token = try await first.register(Self.app, admin: one.admin)
                _ = try await first.call(
                    .post, "/v1/apps/\(Self.app)/authorization", token: token,
                    json: API.AuthorizationRequest(options: ["alert"]))
                let device = try await first.call(.post, "/v1/push/registration", token: token)
                    .decode(API.DeviceToken.self).deviceToken
                let added = try await second.call(
                    .post, "/v1/push/keys", token: two.admin,
                    json: API.PushKeyUpload(
                        identifier: "ABC123DEFG", team: "TEAM123456", p8: pem, topics: [Self.app]))
                #expect(added.status == .created)
                // Another team's key for the same topic, on the other node: refused there too.
                let taken = try await first.call(
                    .post, "/v1/push/keys", token: one.admin,
                    json: API.PushKeyUpload(
                        identifier: "OTHERKEY01", team: "OTHERTEAM1", p8: otherPEM,
                        topics: [Self.app]))
                #expect(taken.status == .conflict)

                let bearer = try Self.providerToken(try P256.Signing.PrivateKey(pemRepresentation: pem), kid: "ABC123DEFG", team: "TEAM123456")
                let viaTwo = await Self.push(two, token: device, bearer: bearer, collapse: "a", body: "via two")
                #expect(viaTwo.status == 200, "\(String(describing: viaTwo.reason))")
                // The first node learns the key from the database (announced, or read on its miss).
                let viaOne = await Self.push(one, token: device, bearer: bearer, collapse: "b", body: "via one")
                #expect(viaOne.status == 200, "\(String(describing: viaOne.reason))")
                let delivered = try await first.call(.get, "/v1/apps/\(Self.app)/delivered", token: token)
                    .decode([String: [API.Delivery]].self)["deliveries"]
                #expect(delivered?.map(\.request.identifier).sorted() == ["a", "b"])
                try await TwoNodeDaemonTests.eventually("the second node lists the first's registration") {
                    let devices = try await second.call(.get, "/v1/push/devices", token: two.admin)
                        .decode([String: [API.PushDevice]].self)["devices"]
                    return devices?.map(\.token) == [device]
                }
                // Unregistered on the second node: the first answers Unregistered.
                #expect(try await second.call(.delete, "/v1/push/registration", token: token).status == .noContent)
                try await TwoNodeDaemonTests.eventually("the first node learns the token ended") {
                    await Self.push(one, token: device, bearer: bearer, collapse: "c", body: "gone").reason == .unregistered
                }
            }
        }
    }

    @Test(
        "both nodes sign Web Push with one VAPID key, made by whichever asked first, and list the browsers either subscribed",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func browsersAcrossNodes() async throws {
        let (one, two, _) = try TwoNodeDaemonTests.nodes()
        try await one.withRouter { first in
            try await two.withRouter { second in
                async let fromOne = first.call(.get, "/v1/push/browsers", token: one.admin)
                async let fromTwo = second.call(.get, "/v1/push/browsers", token: two.admin)
                let (keyOne, keyTwo) = try await (
                    fromOne.decode(API.PushBrowsers.self).applicationServerKey,
                    fromTwo.decode(API.PushBrowsers.self).applicationServerKey)
                #expect(keyOne == keyTwo)
                let added = try await first.call(
                    .post, "/v1/push/browsers", token: one.admin, json: PushBrowserRouteTests.subscription())
                    .decode(API.PushBrowser.self)
                try await TwoNodeDaemonTests.eventually("the second node lists the browser the first subscribed") {
                    // By identifier: the time read back from the database is to the millisecond.
                    try await second.call(.get, "/v1/push/browsers", token: two.admin)
                        .decode(API.PushBrowsers.self).browsers.map(\.identifier) == [added.identifier]
                }
                #expect(try await second.call(.delete, "/v1/push/browsers/\(added.identifier)", token: two.admin).status == .noContent)
                try await TwoNodeDaemonTests.eventually("the first node forgets it") {
                    try await first.call(.get, "/v1/push/browsers", token: one.admin).decode(API.PushBrowsers.self).browsers == []
                }
            }
        }
    }
}
