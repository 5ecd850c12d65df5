import Crypto
import Foundation
import Testing

@testable import PushService

/// VAPID (RFC 8292): the authorization Herald signs as an application server, and
/// the checks it makes as a push service.
struct VAPIDTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let audience = "https://push.example.net"

    @Test func anAuthorizationReadsBackWithItsClaims() throws {
        let key = VAPIDKey()
        let header = try key.authorization(
            audience: Self.audience, subject: "mailto:ops@example.org", expiresAt: Self.now + 12 * 3600)
        #expect(header.hasPrefix("vapid t="))
        #expect(header.hasSuffix(", k=\(key.applicationServerKey)"))
        let read = try VAPIDAuthorization(header: header)
        #expect(read.publicKey == key.publicKey)
        #expect(read.audience == Self.audience)
        #expect(read.expiresAt == Self.now + 12 * 3600)
        #expect(read.subject == "mailto:ops@example.org")
        try read.check(audience: Self.audience, now: Self.now, subscriptionKey: key.publicKey)
        try read.check(audience: Self.audience, now: Self.now, subscriptionKey: nil)
    }

    @Test func aKeyKeptAsPEMSignsAsItDid() throws {
        let key = VAPIDKey()
        let again = try VAPIDKey(pemRepresentation: key.pemRepresentation)
        #expect(again.publicKey == key.publicKey)
        #expect(again.applicationServerKey.count == 87)
        #expect(throws: WebPushError.self) { try VAPIDKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\nAA\n") }
    }

    struct Rule: Sendable, CustomTestStringConvertible {
        var audience = VAPIDTests.audience
        var lifetime: TimeInterval = 12 * 3600
        var otherKey = false
        var refusal: String?
        var testDescription: String { refusal ?? "accepted, \(lifetime) s" }
    }

    static let rules: [Rule] = [
        Rule(),
        Rule(audience: "https://other.example.net",
            refusal: "the VAPID token is for https://push.example.net, not https://other.example.net"),
        Rule(lifetime: -1, refusal: "the VAPID token expired at 2027-01-15 07:59:59 +0000"),
        Rule(lifetime: 0, refusal: "the VAPID token expired at 2027-01-15 08:00:00 +0000"),
        Rule(lifetime: 24 * 3600),
        Rule(lifetime: 24 * 3600 + 1, refusal: "the VAPID token ends more than 24 hours from now"),
        Rule(otherKey: true, refusal: "the VAPID key is not the one the subscription was made with"),
    ]

    /// Each rule a push service applies, and the message that names it.
    @Test(arguments: rules)
    func thePushServicesRules(rule: Rule) throws {
        let (audience, lifetime, otherKey, refusal) = (rule.audience, rule.lifetime, rule.otherKey, rule.refusal)
        let key = VAPIDKey()
        let read = try VAPIDAuthorization(
            header: key.authorization(audience: Self.audience, subject: "mailto:a@b.c", expiresAt: Self.now + lifetime))
        let check = { try read.check(audience: audience, now: Self.now, subscriptionKey: otherKey ? VAPIDKey().publicKey : key.publicKey) }
        if let refusal {
            #expect(throws: WebPushError(.invalidVAPID, refusal), performing: check)
        } else {
            try check()
        }
    }

    @Test func malformedAuthorizationsAreRefused() throws {
        let key = VAPIDKey()
        let good = try key.authorization(audience: Self.audience, subject: "mailto:a@b.c", expiresAt: Self.now + 60)
        let token = String(good.dropFirst("vapid t=".count).prefix { $0 != "," })
        let parts = token.split(separator: ".").map(String.init)
        let otherKey = VAPIDKey().applicationServerKey
        let claims = Data(#"{"aud":"https://push.example.net","exp":1800000060,"sub":"mailto:evil@b.c"}"#.utf8)
        let cases: [(String, String)] = [
            ("", "the authorization is not vapid (RFC 8292)"),
            ("Bearer \(token)", "the authorization is not vapid (RFC 8292)"),
            ("WebPush \(token)", "the authorization is not vapid (RFC 8292)"),
            ("vapid t=\(token)", "the vapid authorization needs a token (t) and a key (k)"),
            ("vapid k=\(key.applicationServerKey)", "the vapid authorization needs a token (t) and a key (k)"),
            ("vapid t=\(token), k=AAAA", "the VAPID key (k) is not an uncompressed P-256 public key"),
            ("vapid t=\(parts[0]).\(parts[1]), k=\(key.applicationServerKey)", "the VAPID token (t) is not three base64url parts"),
            ("vapid t=\(token), k=\(otherKey)", "the VAPID token is not signed by its key"),
            ("vapid t=\(parts[0]).\(claims.base64URLEncoded).\(parts[2]), k=\(key.applicationServerKey)",
             "the VAPID token is not signed by its key"),
            ("vapid t=\(Data(#"{"alg":"HS256"}"#.utf8).base64URLEncoded).\(parts[1]).\(parts[2]), k=\(key.applicationServerKey)",
             "the VAPID token is not signed with ES256"),
            ("vapid t=\(parts[0]).\(Data(#"{"sub":"x"}"#.utf8).base64URLEncoded).\(parts[2]), k=\(key.applicationServerKey)",
             "the VAPID token has no audience (aud) or expiry (exp)"),
            ("vapid t=" + String(repeating: "a", count: 5000), "the authorization is longer than 4096 bytes"),
        ]
        for (header, message) in cases {
            #expect(throws: WebPushError(.invalidVAPID, message)) { try VAPIDAuthorization(header: header) }
        }
        // Parameters in the other order, and the scheme in capitals, as RFC 7235 allows.
        _ = try VAPIDAuthorization(header: "VAPID k=\(key.applicationServerKey), t=\(token)")
    }

    @Test(arguments: [
        ("https://push.example.net/wpush/v2/abc", "https://push.example.net"),
        ("https://Push.Example.NET:443/x", "https://push.example.net"),
        ("https://push.example.net:8443/x", "https://push.example.net:8443"),
        ("http://127.0.0.1:8080/push/abc", "http://127.0.0.1:8080"),
        ("http://localhost/push", "http://localhost"),
    ])
    func theAudienceIsTheEndpointsOrigin(endpoint: String, audience: String) throws {
        #expect(VAPIDAuthorization.audience(of: try #require(URL(string: endpoint))) == audience)
    }
}
