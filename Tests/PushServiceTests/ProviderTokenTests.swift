import Crypto
import Foundation
import Testing

@testable import PushService

/// Apple's rules for provider tokens, checked on tokens signed as an APNs
/// client signs them, with a key in the `.p8` form Apple hands out.
struct ProviderTokenTests {
    /// A P-256 key in PKCS#8 PEM, as in a `.p8` file (made with openssl for this test).
    static let p8 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg55e9amCFk+EBEKEQ
        ANneQHZGp+cotjvUd+/eagTUYI+hRANCAAQScgl0EonMkJqskeIfxkz7YWgGXY56
        NJMnHPQuqBE9BSPgNLxeSDcOpfVP70n6vgg6LMrv5wdxPTm+cWlzqCAB
        -----END PRIVATE KEY-----
        """
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A token as an APNs client makes it.
    static func token(
        key: P256.Signing.PrivateKey, kid: String = "ABC123DEFG", team: String = "TEAM123456",
        issuedAt: Date = now, alg: String = "ES256"
    ) throws -> String {
        let header = base64URL(Data(#"{"alg":"\#(alg)","kid":"\#(kid)"}"#.utf8))
        let claims = base64URL(Data(#"{"iss":"\#(team)","iat":\#(Int(issuedAt.timeIntervalSince1970))}"#.utf8))
        let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(base64URL(signature.rawRepresentation))"
    }

    static func gate(_ key: P256.Signing.PrivateKey) -> ProviderTokenGate {
        var gate = ProviderTokenGate()
        gate.register(.init(team: "TEAM123456", publicKey: key.publicKey), identifier: "ABC123DEFG")
        return gate
    }

    @Test("a token signed with the team's .p8 key is accepted for its team")
    func accepted() throws {
        let key = try P256.Signing.PrivateKey(pemRepresentation: Self.p8)
        var gate = Self.gate(key)
        let token = try ProviderToken(authorization: "bearer \(try Self.token(key: key))")
        #expect(try gate.accept(token, now: Self.now) == "TEAM123456")
        #expect(try gate.accept(token, now: Self.now.addingTimeInterval(3599)) == "TEAM123456")
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var what: String
        var authorization: @Sendable (P256.Signing.PrivateKey) throws -> String?
        var reason: APNsReason
        var testDescription: String { what }
    }

    @Test(arguments: [
        Refused(what: "no header", authorization: { _ in nil }, reason: .missingProviderToken),
        Refused(what: "not bearer", authorization: { _ in "basic abc" }, reason: .missingProviderToken),
        Refused(what: "two parts", authorization: { _ in "bearer a.b" }, reason: .invalidProviderToken),
        Refused(what: "padding in base64url", authorization: { _ in "bearer YQ==.YQ.YQ" }, reason: .invalidProviderToken),
        Refused(what: "HS256", authorization: { try "bearer " + ProviderTokenTests.token(key: $0, alg: "HS256") },
                reason: .invalidProviderToken),
        Refused(what: "a key not registered",
                authorization: { try "bearer " + ProviderTokenTests.token(key: $0, kid: "OTHERKEY00") },
                reason: .invalidProviderToken),
        Refused(what: "another team with the key",
                authorization: { try "bearer " + ProviderTokenTests.token(key: $0, team: "OTHERTEAM0") },
                reason: .invalidProviderToken),
        Refused(what: "signed by another key",
                authorization: { _ in try "bearer " + ProviderTokenTests.token(key: P256.Signing.PrivateKey()) },
                reason: .invalidProviderToken),
        Refused(what: "issued more than an hour ago",
                authorization: { try "bearer " + ProviderTokenTests.token(key: $0, issuedAt: now.addingTimeInterval(-3601)) },
                reason: .expiredProviderToken),
        Refused(what: "issued in the future",
                authorization: { try "bearer " + ProviderTokenTests.token(key: $0, issuedAt: now.addingTimeInterval(3600)) },
                reason: .invalidProviderToken),
        Refused(what: "longer than 4 KiB",
                authorization: { _ in "bearer " + String(repeating: "a", count: 5000) }, reason: .invalidProviderToken),
    ])
    func refused(_ refused: Refused) throws {
        let key = try P256.Signing.PrivateKey(pemRepresentation: Self.p8)
        var gate = Self.gate(key)
        let refusal = #expect(throws: APNsRefusal.self) {
            _ = try gate.accept(try ProviderToken(authorization: refused.authorization(key)), now: Self.now)
        }
        #expect(refusal?.reason == refused.reason)
        #expect(refusal?.reason.status == 403 || refusal?.reason.status == 400)
    }

    @Test("a key may bring a new token once in 20 minutes; the same token again is fine")
    func updates() throws {
        let key = try P256.Signing.PrivateKey(pemRepresentation: Self.p8)
        var gate = Self.gate(key)
        let first = try ProviderToken(authorization: "bearer \(try Self.token(key: key))")
        _ = try gate.accept(first, now: Self.now)
        let soon = Self.now.addingTimeInterval(19 * 60)
        let second = try ProviderToken(authorization: "bearer \(try Self.token(key: key, issuedAt: soon))")
        let refusal = #expect(throws: APNsRefusal.self) { _ = try gate.accept(second, now: soon) }
        #expect(refusal?.reason == .tooManyProviderTokenUpdates)
        #expect(refusal?.reason.status == 429)
        #expect(try gate.accept(first, now: soon) == "TEAM123456")
        let later = Self.now.addingTimeInterval(20 * 60)
        let third = try ProviderToken(authorization: "bearer \(try Self.token(key: key, issuedAt: later))")
        #expect(try gate.accept(third, now: later) == "TEAM123456")
    }

    @Test("every reason has Apple's status")
    func statuses() {
        let byStatus = Dictionary(grouping: APNsReason.allCases, by: \.status).mapValues { Set($0.map(\.rawValue)) }
        #expect(byStatus[410] == ["Unregistered", "ExpiredToken"])
        #expect(byStatus[413] == ["PayloadTooLarge"])
        #expect(byStatus[429] == ["TooManyProviderTokenUpdates", "TooManyRequests"])
        #expect(byStatus[403]?.contains("ExpiredProviderToken") == true)
        #expect(Set(byStatus.keys) == [400, 403, 404, 405, 410, 413, 429, 500, 503])
    }
}
