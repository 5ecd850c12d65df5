import Crypto
import Foundation
import NotificationModel
import Testing

@testable import PushService

/// A Web Push message from a browser's subscription to the POST its push service
/// takes (RFC 8030), and what the service's answer means.
struct WebPushMessageTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// The receiver's private key (its raw scalar: swift-crypto's keys are not `Sendable`).
    static let receiverKey = P256.KeyAgreement.PrivateKey().rawRepresentation
    static var receiver: P256.KeyAgreement.PrivateKey {
        get throws { try P256.KeyAgreement.PrivateKey(rawRepresentation: receiverKey) }
    }
    static let auth = Data((0..<16).map { UInt8($0 * 7) })
    static let p256dh = try! P256.KeyAgreement.PrivateKey(rawRepresentation: receiverKey).publicKey.x963Representation.base64URLEncoded
    static let endpoint = "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABkZ3"

    static func subscriptionJSON(endpoint: String = endpoint, p256dh: String = p256dh, expiration: String = "null") -> Data {
        Data(#"{"endpoint":"\#(endpoint)","expirationTime":\#(expiration),"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth.base64URLEncoded)"}}"#.utf8)
    }

    @Test func aSubscriptionAsABrowserWritesIt() throws {
        let subscription = try WebPushSubscription(json: Self.subscriptionJSON(expiration: "1800000000500"))
        #expect(subscription.endpoint.absoluteString == Self.endpoint)
        #expect(subscription.keys.p256dh == Self.p256dh)
        #expect(subscription.keys.authSecret == Self.auth)
        #expect(subscription.expirationTime == Date(timeIntervalSince1970: 1_800_000_000.5))
        #expect(try WebPushSubscription(json: Self.subscriptionJSON()).expirationTime == nil)
        // A push service on this machine, as Herald's own in tests.
        _ = try WebPushSubscription(json: Self.subscriptionJSON(endpoint: "http://127.0.0.1:8080/push/abc"))
        _ = try WebPushSubscription(json: Self.subscriptionJSON(endpoint: "http://localhost:8080/push/abc"))
    }

    @Test(arguments: [
        (subscriptionJSON(endpoint: "http://push.example.net/x"),
         "the endpoint “http://push.example.net/x” is not https (http only on this machine's loopback)"),
        (subscriptionJSON(endpoint: "http://127.evil.example/x"),
         "the endpoint “http://127.evil.example/x” is not https (http only on this machine's loopback)"),
        (subscriptionJSON(endpoint: "ftp://push.example.net/x"),
         "the endpoint “ftp://push.example.net/x” is not https (http only on this machine's loopback)"),
        (subscriptionJSON(endpoint: "https://user:pw@push.example.net/x"),
         "the endpoint “https://user:pw@push.example.net/x” is not an absolute URL with a host"),
        (subscriptionJSON(endpoint: "/wpush/v2/x"), "the endpoint “/wpush/v2/x” is not an absolute URL with a host"),
        (subscriptionJSON(endpoint: "https://p.example/" + String(repeating: "a", count: 2048)),
         "the endpoint is longer than 2048 bytes"),
        (subscriptionJSON(p256dh: "BCVx"), "p256dh is not an uncompressed P-256 public key (65 bytes)"),
        (Data(#"{"endpoint":"https://p.example/x"}"#.utf8), "a subscription is JSON with an endpoint and keys {p256dh, auth}"),
        (Data("not json".utf8), "a subscription is JSON with an endpoint and keys {p256dh, auth}"),
    ])
    func subscriptionsThatCannotBeSentToAreRefused(json: Data, message: String) {
        #expect(throws: WebPushError(.invalidSubscription, message)) { try WebPushSubscription(json: json) }
    }

    @Test func theRequestCarriesRFC8030sFieldsAndTheEncryptedPayload() throws {
        let subscription = try WebPushSubscription(json: Self.subscriptionJSON())
        let payload = Data(#"{"title":"Lunch?","body":"At noon"}"#.utf8)
        let topic = WebPushMessage.topic(for: "lunch-thread")
        let message = WebPushMessage(payload: payload, timeToLive: 3600, urgency: .high, topic: topic)
        let request = try message.request(to: subscription, authorization: "vapid t=a.b.c, k=d")
        #expect(request.url == subscription.endpoint)
        #expect(request.fields.map(\.name) == ["Content-Encoding", "Content-Type", "TTL", "Urgency", "Authorization", "Topic"])
        #expect(request.field("content-encoding") == "aes128gcm")
        #expect(request.field("TTL") == "3600")
        #expect(request.field("Urgency") == "high")
        #expect(request.field("Topic") == topic)
        #expect(request.field("Authorization") == "vapid t=a.b.c, k=d")
        #expect(try Receiver(key: Self.receiver, auth: Self.auth).read(request.body) == payload)
        let untitled = try WebPushMessage(payload: payload, timeToLive: 0).request(to: subscription, authorization: "x")
        #expect(untitled.field("Topic") == nil)
        #expect(untitled.field("Urgency") == "normal")
    }

    @Test(arguments: [
        (WebPushMessage(payload: Data(), timeToLive: -1), WebPushError(.invalidMessage, "the time to live is negative")),
        (WebPushMessage(payload: Data(), timeToLive: 60, topic: String(repeating: "a", count: 33)),
         WebPushError(.invalidMessage, "a topic is 1 to 32 characters of base64url")),
        (WebPushMessage(payload: Data(), timeToLive: 60, topic: ""),
         WebPushError(.invalidMessage, "a topic is 1 to 32 characters of base64url")),
        (WebPushMessage(payload: Data(), timeToLive: 60, topic: "a+b"),
         WebPushError(.invalidMessage, "a topic is 1 to 32 characters of base64url")),
        (WebPushMessage(payload: Data(count: 3994), timeToLive: 60),
         WebPushError(.payloadTooLarge, "the message is 3994 bytes; a push holds at most 3993")),
    ])
    func messagesAPushServiceWouldRefuseAreNotMade(message: WebPushMessage, error: WebPushError) throws {
        let subscription = try WebPushSubscription(json: Self.subscriptionJSON())
        #expect(throws: error) { try message.request(to: subscription, authorization: "x") }
    }

    @Test func aTopicIsTheSameForTheSameIdentifier() {
        let topic = WebPushMessage.topic(for: "thread 1")
        #expect(topic.count == 32 && topic.isBase64URLAlphabet)
        #expect(WebPushMessage.topic(for: "thread 1") == topic)
        #expect(WebPushMessage.topic(for: "thread 2") != topic)
        #expect(WebPushMessage.topic(for: String(repeating: "é", count: 500)).count == 32)
    }

    @Test(arguments: [
        (NotificationContent.InterruptionLevel.passive, WebPushMessage.Urgency.low),
        (.active, .normal), (.timeSensitive, .high), (.critical, .high),
    ])
    func urgencyFollowsTheInterruptionLevel(level: NotificationContent.InterruptionLevel, urgency: WebPushMessage.Urgency) {
        #expect(WebPushMessage.Urgency(level) == urgency)
    }

    @Test(arguments: [
        (201, nil, WebPushAnswer.accepted), (200, nil, .accepted), (202, nil, .accepted),
        (404, nil, .gone), (410, nil, .gone),
        (429, "120", .retry(after: now + 120)), (429, nil, .retry(after: nil)), (429, "soon", .retry(after: nil)),
        (503, "Fri, 15 Jan 2027 08:05:00 GMT", .retry(after: now + 300)), (500, nil, .retry(after: nil)),
        (408, nil, .retry(after: nil)),
        (400, nil, .refused(status: 400)), (401, nil, .refused(status: 401)), (403, nil, .refused(status: 403)),
        (413, nil, .refused(status: 413)), (301, nil, .refused(status: 301)),
    ] as [(Int, String?, WebPushAnswer)])
    func whatAnAnswerMeans(status: Int, retryAfter: String?, answer: WebPushAnswer) {
        #expect(WebPushAnswer(status: status, retryAfter: retryAfter, now: Self.now) == answer)
    }

    @Test func aSignerKeepsOneTokenPerPushServiceUntilAnHourBeforeItEnds() throws {
        let signer = VAPIDSigner(key: VAPIDKey(), subject: "mailto:ops@example.org")
        let endpoint = try #require(URL(string: Self.endpoint))
        let first = try signer.authorization(for: endpoint, now: Self.now)
        let read = try VAPIDAuthorization(header: first)
        try read.check(audience: "https://updates.push.services.mozilla.com", now: Self.now, subscriptionKey: signer.key.publicKey)
        #expect(read.expiresAt == Self.now + 12 * 3600)
        #expect(try signer.authorization(for: endpoint, now: Self.now + 11 * 3600 - 1) == first)
        let renewed = try signer.authorization(for: endpoint, now: Self.now + 11 * 3600)
        #expect(renewed != first)
        #expect(try VAPIDAuthorization(header: renewed).expiresAt == Self.now + 23 * 3600)
        let other = try signer.authorization(for: #require(URL(string: "https://fcm.googleapis.com/fcm/send/x")), now: Self.now)
        #expect(try VAPIDAuthorization(header: other).audience == "https://fcm.googleapis.com")
        // A clock set back: a token that would end more than 12 hours ahead is not used.
        #expect(try signer.authorization(for: endpoint, now: Self.now) != renewed)
    }
}
