import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import HeraldTestSupport
import NotificationEngine
import Testing

@Suite("One-time sign-in codes: POST /v1/sessions/codes and /login?code=")
struct SignInCodeTests {
    @Test("the admin token makes a code good for 60 s that signs a browser in once, as the token does in the form")
    func signsInOnce() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let now = try await client.call(.get, "/v1/clock", token: daemon.admin).decode(API.Clock.self).now
            let made = try await client.call(.post, "/v1/sessions/codes", token: daemon.admin)
            #expect(made.status == .created)
            let code = try made.decode(API.SignInCode.self)
            #expect(code.code.hasPrefix("hsc_") && code.code.count == 4 + 43, "256 bits in base64url")
            #expect(abs(code.expiresAt.timeIntervalSince(now) - 60) < 0.01)

            let first = try await client.call(.get, "/login?code=\(code.code)")
            #expect(first.status == .ok)
            #expect(WebPageTests.next(in: first) == "/")
            let cookie = try #require(first.headers[.setCookie])
            #expect(cookie.hasPrefix("herald_session_0=hss_") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try await client.call(.get, "/", headers: try SecurityTests.sessionCookie(from: first)).status == .ok)

            let again = try await client.call(.get, "/login?code=\(code.code)")
            try Self.expectRefusal(again)
        }
    }

    @Test("a sign-in goes on to `next` when it is a page of the daemon, and to the center for anything else")
    func next() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let cases: [(String, String)] = [
                ("%2Fapps%2Fshopping-list%2F", "/apps/shopping-list/"),
                ("%2F%3Freply%3DA%26action%3Dreply", "/?reply=A&action=reply"),
                ("%2F%2Fevil.example%2F", "/"), ("https%3A%2F%2Fevil.example%2F", "/"), ("%2F%5Cevil.example", "/"),
                ("%2Fa%0D%0ASet-Cookie%3A%20x%3Dy", "/"), ("%2F%C3%A9", "/"), ("", "/"),
            ]
            for (next, location) in cases {
                let code = try await Self.makeCode(client, daemon)
                let answer = try await client.call(.get, "/login?code=\(code)&next=\(next)")
                #expect(answer.status == .ok)
                #expect(WebPageTests.next(in: answer) == MarkupText.escaped(location), "next=\(next)")
            }
            #expect(try await client.call(.get, "/login?code=hsc_unknown&next=%2Fapps%2F").status == .unauthorized)
        }
    }

    @Test("a code expires after 60 s of the daemon's clock; an unknown one never signs in")
    func expires() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let early = try await Self.makeCode(client, daemon)
            let late = try await Self.makeCode(client, daemon)
            try await Self.advance(client, daemon, seconds: 59)
            #expect(try await client.call(.get, "/login?code=\(early)").status == .ok)
            try await Self.advance(client, daemon, seconds: 1)
            try Self.expectRefusal(try await client.call(.get, "/login?code=\(late)"))
            try Self.expectRefusal(try await client.call(.get, "/login?code=hsc_\(String(repeating: "A", count: 43))"))
            try Self.expectRefusal(try await client.call(.get, "/login?code="))
            try Self.expectRefusal(try await client.call(.get, "/login"))
        }
    }

    @Test("only the admin token makes codes: an app's token and a browser session get 403, no credential 401")
    func onlyTheAdminToken() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = try await client.register("com.example.shop", admin: daemon.admin)
            let byApp = try await client.call(.post, "/v1/sessions/codes", token: app)
            #expect(byApp.status == .forbidden)
            #expect(byApp.errorCode == "forbidden")
            let browser = try await SecurityTests.signIn(client, daemon)
            let bySession = try await client.call(.post, "/v1/sessions/codes", headers: browser)
            #expect(bySession.status == .forbidden)
            #expect(bySession.errorCode == "forbidden")
            #expect(try await client.call(.post, "/v1/sessions/codes").status == .unauthorized)
            #expect(try await client.call(.get, "/v1/sessions/codes", token: daemon.admin).status == .methodNotAllowed)
        }
    }

    @Test("a token in the address never signs in, nor falls back to the code beside it")
    func tokenFirst() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let code = try await Self.makeCode(client, daemon)
            try Self.expectRefusal(try await client.call(.get, "/login?token=nope&code=\(code)"))
            try Self.expectRefusal(try await client.call(.get, "/login?token=\(daemon.admin)&code=\(code)"))
            #expect(try await client.call(.get, "/login?code=\(code)").status == .ok, "the code was not used up")
            try Self.expectRefusal(try await client.call(.get, "/login?token=\(daemon.admin)"))
        }
    }

    @Test("at most 16 codes wait: the 17th drops the oldest")
    func limit() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            var codes: [String] = []
            for _ in 0...SignInCodes.limit {
                codes.append(try await Self.makeCode(client, daemon))
            }
            #expect(Set(codes).count == codes.count)
            try Self.expectRefusal(try await client.call(.get, "/login?code=\(codes[0])"))
            #expect(try await client.call(.get, "/login?code=\(codes[1])").status == .ok)
            #expect(try await client.call(.get, "/login?code=\(codes[SignInCodes.limit])").status == .ok)
        }
    }

    @Test("codes are kept by their SHA-256 in memory only: never in a file of the data directory")
    func neverStored() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let code = try await Self.makeCode(client, daemon)
            _ = try await SecurityTests.signIn(client, daemon)
            let files = try FileManager.default.contentsOfDirectory(atPath: daemon.directory.path)
            for file in files {
                let data = (try? Data(contentsOf: daemon.directory.appendingPathComponent(file))) ?? Data()
                #expect(!String(decoding: data, as: UTF8.self).contains(code), "\(file)")
                #expect(!String(decoding: data, as: UTF8.self).contains(Secrets.fingerprint(code)), "\(file)")
            }
        }
    }

    @Test(
        "the store: a code redeems once, not after its lifetime, and the oldest goes beyond the limit",
        arguments: ["memory", "postgres"])
    func store(_ kept: String) throws {
        var store: PostgresStore?
        if kept == "postgres" {
            guard TestPostgres.url != nil || TestPostgres.isRequired else { return }
            store = try PostgresStore(url: try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set"))
        }
        defer { try? store?.dropSchema() }
        let codes = SignInCodes(
            records: try store.map { PostgresSignInCodes(database: try DaemonDatabase(store: $0)) } ?? SignInCodeMemory())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try codes.issue(now: start)
        #expect(first.expiresAt == start + SignInCodes.lifetime)
        #expect(try !codes.redeem(first.code + "x", now: start))
        #expect(try codes.redeem(first.code, now: start + 59.999))
        #expect(try !codes.redeem(first.code, now: start + 1))
        let second = try codes.issue(now: start)
        #expect(try !codes.redeem(second.code, now: start + SignInCodes.lifetime))
        let many = try (0...SignInCodes.limit).map { _ in try codes.issue(now: start).code }
        #expect(try !codes.redeem(many[0], now: start))
        #expect(try many.dropFirst().allSatisfy { try codes.redeem($0, now: start) })
    }

    /// The answer `/login` gives a wrong token: the sign-in page with 401, no cookie.
    static func expectRefusal(_ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == .unauthorized, sourceLocation: sourceLocation)
        #expect(answer.headers[.setCookie] == nil, sourceLocation: sourceLocation)
        #expect(answer.headers[.contentType]?.hasPrefix("text/html") == true, sourceLocation: sourceLocation)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("herald open"), sourceLocation: sourceLocation)
    }

    static func makeCode(_ client: some TestClientProtocol, _ daemon: TestDaemon) async throws -> String {
        try await client.call(.post, "/v1/sessions/codes", token: daemon.admin).decode(API.SignInCode.self).code
    }

    static func advance(_ client: some TestClientProtocol, _ daemon: TestDaemon, seconds: Double) async throws {
        let answer = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: seconds))
        #expect(answer.status == .ok)
    }
}
