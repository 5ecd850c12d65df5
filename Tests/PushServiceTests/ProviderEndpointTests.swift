import Crypto
import Foundation
import NotificationModel
import Synchronization
import Testing

@testable import PushService

/// The provider API's checks, each provoked through the endpoint with a token
/// signed as an APNs client signs it, and the push handed on only when all pass.
struct ProviderEndpointTests {
    static let now = ProviderTokenTests.now
    static let app = "com.example.chat"

    /// What the endpoint handed on.
    final class Handed: Sendable {
        let list = Mutex<[(RemoteNotification, DeviceRegistration)]>([])
    }

    /// A directory with the team's key (owning the chat app and a second app) and
    /// the chat app registered on the local device, with an endpoint recording
    /// what it hands on.
    final class Service: Sendable {
        let directory: PushDirectory
        let endpoint: ProviderEndpoint
        let registration: DeviceRegistration
        let handed = Handed()
        /// The provider's token, made once and sent with each push, as a client does.
        let bearer: String

        init(rateLimit: PushRateLimit = PushRateLimit()) throws {
            directory = try PushDirectory(records: PushMemoryRecords())
            try directory.addKey(
                identifier: "ABC123DEFG", team: "TEAM123456", p8: ProviderTokenTests.p8,
                topics: [ProviderEndpointTests.app, "com.example.other"], now: ProviderEndpointTests.now)
            registration = try directory.register(
                app: ProviderEndpointTests.app, device: DeviceRegistration.localDevice, now: ProviderEndpointTests.now)
            bearer = "bearer \(try ProviderTokenTests.token(key: try P256.Signing.PrivateKey(pemRepresentation: ProviderTokenTests.p8)))"
            let handed = self.handed
            endpoint = ProviderEndpoint(
                directory: directory, rateLimit: rateLimit, now: { ProviderEndpointTests.now },
                deliver: { notification, registration, _ in
                    handed.list.withLock { $0.append((notification, registration)) }
                })
        }

        /// The team's signing key (swift-crypto's keys are not Sendable, so it is read each time).
        var key: P256.Signing.PrivateKey {
            get throws { try P256.Signing.PrivateKey(pemRepresentation: ProviderTokenTests.p8) }
        }

        func post(
            path: String? = nil, method: String = "POST", fields: [(String, String)]? = nil,
            authorization: String? = nil, body: String = #"{"aps":{"alert":"Lunch?"}}"#
        ) async throws -> ProviderAnswer {
            let bearer = authorization ?? self.bearer
            let fields =
                [("authorization", bearer)]
                + (fields ?? [("apns-topic", ProviderEndpointTests.app), ("apns-push-type", "alert")])
            return await endpoint.answer(
                ProviderRequest(
                    method: method, path: path ?? "/3/device/\(registration.token)",
                    fields: fields.map { (name: $0.0, value: $0.1) }, body: Data(body.utf8)))
        }
    }

    @Test("an accepted push is handed on once, to the token's registration, and answered 200 with its apns-id")
    func accepted() async throws {
        let service = try Service()
        let id = UUID()
        let answer = try await service.post(fields: [
            ("apns-topic", Self.app), ("apns-id", id.uuidString), ("apns-collapse-id", "chat-42"),
        ])
        #expect(answer == .accepted(id))
        #expect(answer.body.isEmpty)
        let handed = service.handed.list.withLock { $0 }
        #expect(handed.count == 1)
        #expect(handed.first?.0.id == id)
        #expect(handed.first?.0.collapseIdentifier == "chat-42")
        #expect(handed.first?.0.content.body == "Lunch?")
        #expect(handed.first?.1 == service.registration)
    }

    @Test("a token accepted before is refused once its key is removed, and once another key takes the key's identifier")
    func acceptedTokenFollowsItsKey() async throws {
        let service = try Service()
        #expect(try await service.post().status == 200)
        #expect(try await service.post().status == 200)
        try service.directory.removeKey("ABC123DEFG")
        #expect(try await service.post().reason == .invalidProviderToken)
        try service.directory.addKey(
            identifier: "ABC123DEFG", team: "TEAM123456", p8: P256.Signing.PrivateKey().pemRepresentation,
            topics: [Self.app], now: Self.now)
        #expect(try await service.post().reason == .invalidProviderToken)
        #expect(service.handed.list.withLock { $0.count } == 2)
    }

    @Test("a push without apns-id gets one made, and the answer carries it")
    func madeID() async throws {
        let service = try Service()
        let answer = try await service.post()
        #expect(answer.status == 200)
        #expect(service.handed.list.withLock { $0.first?.0.id } == answer.id)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var what: String
        var reason: APNsReason
        var post: @Sendable (Service) async throws -> ProviderAnswer
        var testDescription: String { what }
    }

    @Test(arguments: [
        Refusal(what: "GET", reason: .methodNotAllowed) { try await $0.post(method: "GET") },
        Refusal(what: "another path", reason: .badPath) { try await $0.post(path: "/3/devices/abc") },
        Refusal(what: "no token in the path", reason: .missingDeviceToken) { try await $0.post(path: "/3/device/") },
        Refusal(what: "no authorization", reason: .missingProviderToken) {
            try await $0.post(authorization: "")
        },
        Refusal(what: "a token of an unknown key", reason: .invalidProviderToken) { service in
            try await service.post(authorization: "bearer \(ProviderTokenTests.token(key: try service.key, kid: "ZZZ9999999"))")
        },
        Refusal(what: "a token of another key", reason: .invalidProviderToken) { service in
            try await service.post(authorization: "bearer \(ProviderTokenTests.token(key: P256.Signing.PrivateKey()))")
        },
        Refusal(what: "two authorization fields", reason: .duplicateHeaders) { service in
            let bearer = "bearer \(try ProviderTokenTests.token(key: try service.key))"
            return try await service.post(fields: [("authorization", bearer), ("apns-topic", ProviderEndpointTests.app)])
        },
        Refusal(what: "no topic", reason: .missingTopic) { try await $0.post(fields: [("apns-push-type", "alert")]) },
        Refusal(what: "a topic of another team", reason: .topicDisallowed) {
            try await $0.post(fields: [("apns-topic", "com.example.elsewhere")])
        },
        Refusal(what: "a token that is not 64 hex digits", reason: .badDeviceToken) {
            try await $0.post(path: "/3/device/not-a-token")
        },
        Refusal(what: "a token nobody holds", reason: .badDeviceToken) {
            try await $0.post(path: "/3/device/\(DeviceToken())")
        },
        Refusal(what: "the token of another app of the team", reason: .deviceTokenNotForTopic) {
            try await $0.post(fields: [("apns-topic", "com.example.other")])
        },
        Refusal(what: "a payload over 4 KB", reason: .payloadTooLarge) {
            try await $0.post(body: #"{"aps":{"alert":""# + String(repeating: "x", count: 4_100) + #""}}"#)
        },
        Refusal(what: "an empty payload", reason: .payloadEmpty) { try await $0.post(body: "") },
    ])
    func refused(_ refusal: Refusal) async throws {
        let service = try Service()
        let answer = try await refusal.post(service)
        #expect(answer.reason == refusal.reason)
        #expect(answer.status == refusal.reason.status)
        let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: String]
        #expect(body == ["reason": refusal.reason.rawValue])
        #expect(service.handed.list.withLock { $0.isEmpty })
    }

    @Test("a push to a token whose app unregistered is 410 Unregistered, with when it ended in milliseconds")
    func unregistered() async throws {
        let service = try Service()
        let ended = Self.now.addingTimeInterval(-90.5)
        try service.directory.unregister(app: Self.app, device: DeviceRegistration.localDevice, now: ended)
        let answer = try await service.post()
        #expect(answer.status == 410)
        let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(body["reason"] as? String == "Unregistered")
        #expect((body["timestamp"] as? NSNumber)?.int64Value == Int64(ended.timeIntervalSince1970 * 1000))
        #expect(service.handed.list.withLock { $0.isEmpty })
    }

    @Test("a refused push still carries the apns-id it was sent with")
    func refusedEchoesID() async throws {
        let service = try Service()
        let id = UUID()
        let answer = try await service.post(fields: [("apns-id", id.uuidString)])
        #expect(answer.reason == .missingTopic)
        #expect(answer.id == id)
    }

    @Test("a delivery that fails is InternalServerError, and one that refuses keeps its reason")
    func deliveryFailure() async throws {
        let service = try Service()
        struct Broken: Error {}
        for (thrown, reason) in [(Broken() as any Error, APNsReason.internalServerError),
                                 (APNsRefusal(.serviceUnavailable, "down"), .serviceUnavailable)] {
            let endpoint = ProviderEndpoint(
                directory: service.directory, now: { Self.now }, deliver: { _, _, _ in throw thrown })
            let answer = await endpoint.answer(
                ProviderRequest(
                    method: "POST", path: "/3/device/\(service.registration.token)",
                    fields: [
                        ("authorization", "bearer \(try ProviderTokenTests.token(key: try service.key))"),
                        ("apns-topic", Self.app),
                    ], body: Data(#"{"aps":{"alert":"Lunch?"}}"#.utf8)))
            #expect(answer.reason == reason)
        }
    }
}

/// `TooManyRequests`: a bucket per device token.
struct PushRateLimitTests {
    static let now = ProviderTokenTests.now

    static func admit(_ count: Int, _ token: DeviceToken, at now: Date, to limit: inout PushRateLimit) -> [Bool] {
        var taken: [Bool] = []
        for _ in 0..<count { taken.append(limit.admit(token, now: now)) }
        return taken
    }

    @Test("a token takes its burst at once, then its rate; another token has its own bucket")
    func burstThenRate() {
        var limit = PushRateLimit(burst: 3, perSecond: 2)
        let token = DeviceToken()
        #expect(Self.admit(4, token, at: Self.now, to: &limit) == [true, true, true, false])
        #expect(Self.admit(1, DeviceToken(), at: Self.now, to: &limit) == [true])
        #expect(Self.admit(1, token, at: Self.now.addingTimeInterval(0.4), to: &limit) == [false])
        #expect(Self.admit(1, token, at: Self.now.addingTimeInterval(0.5), to: &limit) == [true])
        #expect(Self.admit(1, token, at: Self.now.addingTimeInterval(0.5), to: &limit) == [false])
        // Never more than the burst, however long the token rested.
        let rested = Self.now.addingTimeInterval(3_600)
        #expect(Self.admit(4, token, at: rested, to: &limit) == [true, true, true, false])
    }

    @Test("full buckets are forgotten once there are many, and spent ones are kept")
    func pruning() {
        var limit = PushRateLimit(burst: 2, perSecond: 1, pruneThreshold: 10)
        let spent = DeviceToken()
        _ = Self.admit(2, spent, at: Self.now, to: &limit)
        for _ in 0..<9 { _ = limit.admit(DeviceToken(), now: Self.now) }
        #expect(limit.heldBuckets == 10)
        // The eleventh bucket: the nine others have refilled by now and are forgotten.
        let later = Self.now.addingTimeInterval(1.5)
        _ = limit.admit(DeviceToken(), now: later)
        #expect(limit.heldBuckets == 2)
        #expect(Self.admit(2, spent, at: later, to: &limit) == [true, false])
    }

    @Test("many tokens pushed to at once are not walked on each push: the next pruning waits for twice what the last kept")
    func pruningIsAmortized() {
        var limit = PushRateLimit(burst: 2, perSecond: 1, pruneThreshold: 10)
        for _ in 0..<11 { _ = limit.admit(DeviceToken(), now: Self.now) }
        #expect(limit.heldBuckets == 11, "none was full: the pruning kept all eleven")
        let later = Self.now.addingTimeInterval(5)
        for _ in 0..<11 { _ = limit.admit(DeviceToken(), now: later) }
        #expect(limit.heldBuckets == 22, "no pruning before twice the eleven kept, though the first eleven are full again")
        _ = limit.admit(DeviceToken(), now: later)
        #expect(limit.heldBuckets == 12, "past it, the full ones are forgotten")
    }

    @Test("the endpoint answers TooManyRequests past a token's rate, and hands on nothing more")
    func endpoint() async throws {
        let service = try ProviderEndpointTests.Service(rateLimit: PushRateLimit(burst: 2, perSecond: 1))
        #expect(try await service.post().status == 200)
        #expect(try await service.post().status == 200)
        let refused = try await service.post()
        #expect(refused.reason == .tooManyRequests)
        #expect(refused.status == 429)
        #expect(service.handed.list.withLock { $0.count } == 2)
    }
}

extension ProviderEndpointTests {
    @Test("a push a device would do nothing with is accepted, as APNs accepts it, and handed on to no one")
    func acceptedAndDropped() async throws {
        let service = try Service()
        let answer = try await service.post(body: #"{"room":42}"#)
        #expect(answer.status == 200)
        #expect(service.handed.list.withLock { $0.isEmpty })
    }
}

extension ProviderEndpointTests {
    @Test("the administrator pushes without a provider token, to any app's token; every other check holds")
    func administrator() async throws {
        let service = try Service()
        func send(_ fields: [(name: String, value: String)], token: String) async -> ProviderAnswer {
            await service.endpoint.answer(
                ProviderRequest(
                    method: "POST", path: "/3/device/\(token)", fields: fields,
                    body: Data(#"{"aps":{"alert":"From the admin"}}"#.utf8)),
                from: .administrator)
        }
        let other = try service.directory.register(app: "com.example.unowned", device: "local", now: Self.now)
        #expect(await send([("apns-topic", "com.example.unowned")], token: other.token.description).status == 200)
        #expect(await send([], token: other.token.description).reason == .missingTopic)
        #expect(await send([("apns-topic", Self.app)], token: other.token.description).reason == .deviceTokenNotForTopic)
        #expect(await send([("apns-topic", Self.app)], token: DeviceToken().description).reason == .badDeviceToken)
        #expect(service.handed.list.withLock { $0.map(\.1.app) } == ["com.example.unowned"])
    }
}
