import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Testing

@Suite("Browser security: Host, sign-in cookie, CSRF")
struct SecurityTests {
    @Test("only the daemon's own names are allowed as Host and Origin, with its port or none")
    func dnsRebinding() {
        let hosts = AllowedHosts(host: "127.0.0.1", port: 7878)
        for allowed in ["127.0.0.1:7878", "localhost:7878", "LOCALHOST:7878", "[::1]:7878", "localhost", "127.0.0.1"] {
            #expect(hosts.allows(allowed), "\(allowed)")
        }
        for refused in ["evil.example", "evil.example:7878", "localhost:8080", "localhost.evil.example:7878", ""] {
            #expect(!hosts.allows(refused), "\(refused)")
        }
        hosts.update(port: 40_000)
        #expect(hosts.allows("localhost:40000"))
        #expect(!hosts.allows("localhost:7878"))
        #expect(hosts.allowsOrigin("http://127.0.0.1:40000"))
        #expect(hosts.allowsOrigin("http://LOCALHOST:40000"))
        #expect(!hosts.allowsOrigin("http://evil.example"))
        #expect(!hosts.allowsOrigin("null"))
    }

    @Test("an Origin is the daemon's only with its scheme, name and port exactly: no port means port 80")
    func exactOrigins() {
        let hosts = AllowedHosts(host: "127.0.0.1", port: 7878)
        for refused in [
            "http://localhost", "http://127.0.0.1", "http://[::1]", "http://localhost:80", "https://localhost:7878",
            "http://localhost:7879", "http://localhost:7878/", "http://localhost:78780", "http://user@localhost:7878",
            "ws://localhost:7878", "",
        ] {
            #expect(!hosts.allowsOrigin(refused), "\(refused)")
        }
        for allowed in ["http://localhost:7878", "http://127.0.0.1:7878", "http://[::1]:7878"] {
            #expect(hosts.allowsOrigin(allowed), "\(allowed)")
        }
        let onPort80 = AllowedHosts(host: "127.0.0.1", port: 80)
        #expect(onPort80.allowsOrigin("http://localhost"))
        #expect(onPort80.allowsOrigin("http://127.0.0.1:80"))
    }

    @Test("signing in sets an HttpOnly, SameSite=Strict cookie; a wrong token does not")
    func signIn() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let wrong = try await client.call(.get, "/login?token=nope")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)
            let right = try await client.call(.get, "/login?token=\(daemon.admin)")
            #expect(right.status == .seeOther)
            let cookie = try #require(right.headers[.setCookie])
            #expect(cookie.hasPrefix("herald_session_0=hss_"), "the cookie is named for the daemon's port")
            #expect(!cookie.contains(daemon.admin), "the cookie is a session id, never the admin token")
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(try await client.call(.get, "/").status == .unauthorized)
            #expect(try await client.call(.get, "/", headers: [.cookie: "herald_admin=\(daemon.admin)"]).status == .unauthorized)
            let center = try await client.call(.get, "/", headers: try Self.sessionCookie(from: right))
            #expect(center.status == .ok)
            #expect(String(decoding: center.body, as: UTF8.self).contains("<html"))
        }
    }

    @Test("a cookie request that changes state needs X-Herald-CSRF and the daemon's own Origin")
    func csrf() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let cookie = try await Self.signIn(client, daemon)
            let registration = API.AppRegistration(identifier: "com.example.shop", name: "Shop")
            let forged = try await client.call(.post, "/v1/apps", json: registration, headers: cookie)
            #expect(forged.status == .forbidden)
            #expect(forged.errorCode == "csrf")
            var foreign = cookie
            foreign[HTTPField.Name("X-Herald-CSRF")!] = "1"
            foreign[.origin] = "http://evil.example"
            #expect(try await client.call(.post, "/v1/apps", json: registration, headers: foreign).errorCode == "csrf")
            #expect(try await client.call(.get, "/v1/apps", token: daemon.admin).decode([String: [API.App]].self)["apps"] == [])
            var portless = cookie
            portless[HTTPField.Name("X-Herald-CSRF")!] = "1"
            portless[.origin] = "http://localhost"
            #expect(
                try await client.call(.post, "/v1/apps", json: registration, headers: portless).errorCode == "csrf",
                "a page on port 80 of localhost is another origin")
            var own = cookie
            own[HTTPField.Name("X-Herald-CSRF")!] = "1"
            own[.origin] = "http://localhost:0"
            #expect(try await client.call(.post, "/v1/apps", json: registration, headers: own).status == .created)
            #expect(try await client.call(.get, "/v1/apps", headers: cookie).status == .ok)
        }
    }

    @Test("sessions are stored by their hash only, expire after 30 days, and end together when the admin says so")
    func sessions() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let first = try await Self.signIn(client, daemon)
            let second = try await Self.signIn(client, daemon)
            #expect(first != second, "each sign-in is a session of its own")
            let id = String(first[.cookie]!.split(separator: "=", maxSplits: 1)[1])
            let stored = try String(contentsOf: daemon.directory.appendingPathComponent("sessions.json"), encoding: .utf8)
            #expect(!stored.contains(id), "the file holds no usable session id")
            #expect(!stored.contains(daemon.admin))
            #expect(try await client.call(.get, "/v1/apps", headers: first).status == .ok)
            let ended = try await client.call(.delete, "/v1/sessions", token: daemon.admin)
            #expect(try ended.decode([String: Int].self)["ended"] == 2)
            #expect(try await client.call(.get, "/v1/apps", headers: first).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/apps", headers: second).status == .unauthorized)
            #expect(try await client.call(.delete, "/v1/sessions", headers: try await Self.signIn(client, daemon)).errorCode == "csrf")

            let third = try await Self.signIn(client, daemon)
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 29 * 86_400))
            #expect(try await client.call(.get, "/v1/apps", headers: third).status == .ok)
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 2 * 86_400))
            let expired = try await client.call(.get, "/v1/apps", headers: third)
            #expect(expired.status == .unauthorized)
            #expect(expired.errorMessage?.contains("session has ended") == true)
        }
    }

    @Test("another daemon's cookie, or a stale one, is ignored on public routes and the sign-in page")
    func unknownCookieIgnored() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let stranger: HTTPFields = [.cookie: "herald_session_0=hss_fromanotherdaemon; herald_session_7878=hss_x"]
            let health = try await client.call(.get, "/v1/health", headers: stranger)
            #expect(health.status == .ok)
            #expect(try await client.call(.get, "/login?token=\(daemon.admin)", headers: stranger).status == .seeOther)
            #expect(try await client.call(.get, "/", headers: stranger).status == .unauthorized)
        }
    }

    @Test("pages carry a Content-Security-Policy without inline script, nosniff and frame-ancestors 'none'; no page holds inline script")
    func securityHeaders() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withRouter { client in
            let cookie = try await Self.signIn(client, daemon)
            for path in [
                "/", "/apps/shopping-list/", "/apps/todo/", "/apps/nag-me/", "/ui/center/main.js", "/ui/signin/signin.html",
                "/v1/health", "/login",
            ] {
                let answer = try await client.call(.get, path, headers: cookie)
                let policy = try #require(answer.headers[.contentSecurityPolicy], "\(path)")
                #expect(policy.contains("script-src 'self'"), "\(path)")
                #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(path)")
                #expect(policy.contains("frame-ancestors 'none'"), "\(path)")
                #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                if answer.headers[.contentType]?.hasPrefix("text/html") == true {
                    let html = String(decoding: answer.body, as: UTF8.self)
                    #expect(!html.contains("<script>") && !html.contains("<style>"), "\(path) has inline script or style")
                    #expect(!html.contains(" onclick=") && !html.contains(" style="), "\(path)")
                }
            }
            let script = try await client.call(.get, "/apps/todo/page.js", headers: cookie)
            #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(String(decoding: script.body, as: UTF8.self).contains("startPage("))
            #expect(try await client.call(.get, "/apps/todo/page.js").status == .unauthorized)
        }
    }

    /// Signs in as a browser does and returns the session cookie to send.
    static func signIn(_ client: some TestClientProtocol, _ daemon: TestDaemon) async throws -> HTTPFields {
        try sessionCookie(from: try await client.call(.get, "/login?token=\(daemon.admin)"))
    }

    /// The `Cookie` header a browser sends back after this sign-in answer.
    static func sessionCookie(from answer: Answer) throws -> HTTPFields {
        let setCookie = try #require(answer.headers[.setCookie])
        return [.cookie: String(setCookie.prefix { $0 != ";" })]
    }

    @Test("the virtual clock exists only when asked for, and only on loopback")
    func virtualClock() async throws {
        let real = try TestDaemon(virtualClock: false)
        try await real.withRouter { client in
            let moved = try await client.call(.post, "/v1/debug/clock", token: real.admin, json: API.ClockAdvance(advanceSeconds: 5))
            #expect(moved.status == .notFound)
            #expect(try await client.call(.get, "/v1/clock", token: real.admin).decode(API.Clock.self).isVirtual == false)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(UUID().uuidString)")
        #expect(throws: DaemonError.self) {
            _ = try HeraldDaemon(configuration: DaemonConfiguration(host: "0.0.0.0", dataDirectory: directory, virtualClock: true))
        }
        let virtual = try TestDaemon()
        try await virtual.withRouter { client in
            let token = try await client.register("com.example.shop", admin: virtual.admin)
            let byApp = try await client.call(.post, "/v1/debug/clock", token: token, json: API.ClockAdvance(advanceSeconds: 5))
            #expect(byApp.status == .forbidden)
            let negative = try await client.call(.post, "/v1/debug/clock", token: virtual.admin, json: API.ClockAdvance(advanceSeconds: -5))
            #expect(negative.status == .unprocessableContent)
        }
    }
}
