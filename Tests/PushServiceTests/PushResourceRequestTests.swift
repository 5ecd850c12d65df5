import Foundation
import Testing

@testable import PushService

/// A POST to a push resource (RFC 8030 §5) read into the message the push service
/// keeps, or refused with the status the RFCs give, naming what is wrong.
struct PushResourceRequestTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let audience = "http://127.0.0.1:8080"
    static let key = VAPIDKey()
    static let resource = PushResource(
        token: PushResource.makeToken(), agent: PushAgent(.browser, String(repeating: "a", count: 32)),
        channel: "c1", applicationServerKey: key.publicKey, createdAt: now)

    static func vapid(_ key: VAPIDKey = key, audience: String = audience) -> String {
        (try? key.authorization(audience: audience, subject: "mailto:a@example.org", expiresAt: now + 3600)) ?? ""
    }

    static func request(_ fields: [(String, String)], body: Data = Data(repeating: 7, count: 100), vapid: String? = vapid())
        -> PushResourceRequest
    {
        var all = fields.map { (name: $0.0, value: $0.1) }
        if let vapid { all.append((name: "Authorization", value: vapid)) }
        return PushResourceRequest(fields: all, body: body)
    }

    @Test func aMessageKeepsItsHeadersAndItsBodyAsSent() throws {
        let body = Data((0..<200).map { UInt8($0) })
        let (message, ttl) = try Self.request(
            [("TTL", "60"), ("Content-Encoding", "aes128gcm"), ("Urgency", "high"), ("Topic", "unread"),
             ("Prefer", "respond-async")], body: body
        ).message(for: Self.resource, audience: Self.audience, now: Self.now)
        #expect(ttl == 60)
        #expect(message.body == body)
        #expect(message.encoding == .aes128gcm)
        #expect(message.urgency == "high")
        #expect(message.topic == "unread")
        #expect(message.expiresAt == Self.now + 60)
        #expect(message.wantsReceipt)
        #expect(message.resource == Self.resource.token && message.channel == "c1")
        #expect(message.id.count == 22)
    }

    @Test func ttlZeroIsNowOrNeverAndALongTTLIsCut() throws {
        let (now, _) = try Self.request([("TTL", "0"), ("Content-Encoding", "aes128gcm")])
            .message(for: Self.resource, audience: Self.audience, now: Self.now)
        #expect(now.isNowOrNever)
        let (long, ttl) = try Self.request([("TTL", "99999999"), ("Content-Encoding", "aes128gcm")])
            .message(for: Self.resource, audience: Self.audience, now: Self.now)
        #expect(ttl == PushResourceRequest.maximumTimeToLive)
        #expect(long.expiresAt == Self.now + TimeInterval(PushResourceRequest.maximumTimeToLive))
    }

    @Test func anAesgcmMessageCarriesItsSaltAndKey() throws {
        let (message, _) = try Self.request(
            [("TTL", "5"), ("Content-Encoding", "aesgcm"), ("Encryption", "salt=abc"), ("Crypto-Key", "dh=def")]
        ).message(for: Self.resource, audience: Self.audience, now: Self.now)
        #expect(message.encoding == PushContentEncoding(name: "aesgcm", encryption: "salt=abc", cryptoKey: "dh=def"))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var fields: [(String, String)]
        var body = Data(repeating: 7, count: 100)
        var vapid: String? = PushResourceRequestTests.vapid()
        var code: PushResourceRefusal.Code
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "no TTL", fields: [("Content-Encoding", "aes128gcm")], code: .invalidHeader),
        Refusal(name: "a negative TTL", fields: [("TTL", "-1"), ("Content-Encoding", "aes128gcm")], code: .invalidHeader),
        Refusal(name: "a TTL not a number", fields: [("TTL", "soon"), ("Content-Encoding", "aes128gcm")], code: .invalidHeader),
        Refusal(
            name: "an unknown urgency", fields: [("TTL", "5"), ("Content-Encoding", "aes128gcm"), ("Urgency", "urgent")],
            code: .invalidHeader),
        Refusal(
            name: "a topic of 33 characters",
            fields: [("TTL", "5"), ("Content-Encoding", "aes128gcm"), ("Topic", String(repeating: "a", count: 33))],
            code: .invalidHeader),
        Refusal(
            name: "a topic outside base64url", fields: [("TTL", "5"), ("Content-Encoding", "aes128gcm"), ("Topic", "a b")],
            code: .invalidHeader),
        Refusal(name: "a body without an encoding", fields: [("TTL", "5")], code: .unsupportedEncoding),
        Refusal(name: "a body in gzip", fields: [("TTL", "5"), ("Content-Encoding", "gzip")], code: .unsupportedEncoding),
        Refusal(name: "aesgcm without its salt", fields: [("TTL", "5"), ("Content-Encoding", "aesgcm")], code: .invalidHeader),
        Refusal(
            name: "a body over 4,096 bytes", fields: [("TTL", "5"), ("Content-Encoding", "aes128gcm")],
            body: Data(count: 4_097), code: .payloadTooLarge),
        Refusal(name: "no VAPID for a keyed subscription", fields: [("TTL", "5")], vapid: nil, code: .unauthorized),
        Refusal(name: "a VAPID token of another key", fields: [("TTL", "5")], vapid: vapid(VAPIDKey()), code: .forbidden),
        Refusal(
            name: "a VAPID token for another push service", fields: [("TTL", "5")],
            vapid: vapid(audience: "https://push.example.net"), code: .unauthorized),
        Refusal(name: "a malformed Authorization", fields: [("TTL", "5")], vapid: "vapid t=x, k=y", code: .unauthorized),
    ]

    @Test(arguments: refusals)
    func aBadRequestIsRefused(_ refusal: Refusal) {
        let request = Self.request(refusal.fields, body: refusal.body, vapid: refusal.vapid)
        #expect {
            _ = try request.message(for: Self.resource, audience: Self.audience, now: Self.now)
        } throws: { error in
            (error as? PushResourceRefusal)?.code == refusal.code
        }
    }

    @Test func aUnifiedPushAppTakesAes128gcmBodiesAlone() throws {
        var app = Self.resource
        (app.agent, app.applicationServerKey) = (PushAgent(.unifiedPush, "m/org.example.Chat"), nil)
        for fields in [[("TTL", "5"), ("Content-Encoding", "aesgcm"), ("Encryption", "salt=a"), ("Crypto-Key", "dh=b")]] {
            #expect(throws: PushResourceRefusal(.unsupportedEncoding, "a UnifiedPush app takes a body of 1 to 4,096 bytes in aes128gcm (RFC 8291)")) {
                _ = try Self.request(fields, vapid: nil).message(for: app, audience: Self.audience, now: Self.now)
            }
        }
        #expect(throws: PushResourceRefusal.self) {
            _ = try Self.request([("TTL", "5")], body: Data(), vapid: nil).message(for: app, audience: Self.audience, now: Self.now)
        }
        let (message, _) = try Self.request([("TTL", "5"), ("Content-Encoding", "aes128gcm")], vapid: nil)
            .message(for: app, audience: Self.audience, now: Self.now)
        #expect(message.encoding == .aes128gcm)
    }

    @Test func aSubscriptionWithoutAKeyTakesMessagesWithoutVAPID() throws {
        var open = Self.resource
        open.applicationServerKey = nil
        let (message, _) = try Self.request([("TTL", "5")], body: Data(), vapid: nil)
            .message(for: open, audience: Self.audience, now: Self.now)
        #expect(message.encoding == nil && message.body.isEmpty)
    }

    @Test(arguments: [
        ("BP-i1AjzDCiDAUMpv5HHVkGiOUQXqeOruhfEJ6QtcoH19YB4k_9sPJCMRdzPzYmXZCorNOgZKj74VKCs0Lo1SB8", true),
        ("BP-i1AjzDCiDAUMpv5HHVkGiOUQXqeOruhfEJ6QtcoH19YB4k_9sPJCMRdzPzYmXZCorNOgZKj74VKCs0Lo1SB8=", true),
        ("BP-i1AjzDCiDAUMpv5HHVkGiOUQXqeOruhfEJ6QtcoH19YB4k_9sPJCMRdzPzYmXZCorNOgZKj74VKCs0Lo1SSC", false),
        ("not a key", false),
    ])
    func anApplicationServerKeyIsAP256PointInBase64URL(text: String, isKey: Bool) {
        #expect((PushResource.applicationServerKey(base64URL: text) != nil) == isKey)
    }
}
