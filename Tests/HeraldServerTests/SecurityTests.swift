import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Testing

@Suite("Browser security: Host, the session cookie and its key, Origin")
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

    @Test("signing in sets an HttpOnly, SameSite=Strict cookie and hands the page a key; a wrong token, or one in an address, does not")
    func signIn() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let wrong = try await client.call(.post, "/login", raw: "token=nope", headers: form)
            #expect(wrong.status == .seeOther)
            #expect(wrong.headers[.setCookie] == nil)
            let inAddress = try await client.call(.get, "/login?token=\(daemon.admin)")
            #expect(inAddress.status == .unauthorized, "the admin token never signs in from an address")
            #expect(inAddress.headers[.setCookie] == nil)
            let right = try await client.call(.post, "/login", raw: "token=\(daemon.admin)", headers: form)
            #expect(right.status == .ok)
            #expect(right.headers[.cacheControl] == "no-store")
            let cookie = try #require(right.headers[.setCookie])
            #expect(cookie.hasPrefix("herald_session_0=hss_"), "the cookie is named for the daemon's port")
            #expect(!cookie.contains(daemon.admin), "the cookie is a session id, never the admin token")
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Max-Age=\(Int(SessionStore.maximumLifetime))"))
            let key = try Self.key(in: right)
            #expect(key.hasPrefix("hsk_") && key.count == 47)
            #expect(!String(decoding: right.body, as: UTF8.self).contains(daemon.admin))
            #expect(try await client.call(.get, "/").status == .unauthorized)
            #expect(try await client.call(.get, "/", headers: [.cookie: "herald_admin=\(daemon.admin)"]).status == .unauthorized)
            let center = try await client.call(.get, "/", headers: try Self.cookieOnly(from: right))
            #expect(center.status == .ok, "a page holds no data: the cookie alone opens it")
            #expect(String(decoding: center.body, as: UTF8.self).contains("<html"))
        }
    }

    @Test("a session cookie without its key opens nothing: a GET, a POST, an app page's action, the event stream")
    func cookieAloneOpensNothing() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withLiveServer { client in
            let port = client.port!
            let browser = try await Self.signIn(client, daemon)
            let other = try await Self.signIn(client, daemon)
            let cookie: HTTPFields = [.cookie: browser[.cookie]!]
            var otherKey = cookie
            otherKey[SessionKeyTransport.header] = other[SessionKeyTransport.header]
            let registration = API.AppRegistration(identifier: "com.example.shop", name: "Shop")
            for headers in [cookie, otherKey] {
                for (method, path) in [(HTTPRequest.Method.get, "/v1/apps"), (.get, "/v1/clock"), (.get, "/apps/todo/status")] {
                    let answer = try await client.call(method, path, headers: headers)
                    #expect(answer.status == .unauthorized, "\(path)")
                    #expect(answer.errorCode == "sessionKeyRequired", "\(path)")
                }
                #expect(try await client.call(.post, "/v1/apps", json: registration, headers: headers).status == .unauthorized)
                #expect(try await client.call(.post, "/apps/todo/api/state", headers: headers).status == .unauthorized)
                #expect(try await client.call(.post, "/logout", headers: headers).status == .unauthorized)
                let stream = try await RawHTTP.exchange(
                    port: port,
                    RawHTTP.upgradeRequest(
                        port: port, token: nil,
                        headers: [("Cookie", headers[.cookie]!), ("Origin", "http://127.0.0.1:\(port)")]
                            + (headers[SessionKeyTransport.header].map { [("Sec-WebSocket-Protocol", "herald, herald-key.\($0)")] } ?? [])))
                #expect(stream.status == 401)
            }
            let keyAlone: HTTPFields = [SessionKeyTransport.header: browser[SessionKeyTransport.header]!]
            #expect(try await client.call(.get, "/v1/apps", headers: keyAlone).errorCode == "unauthorized")
            #expect(try await client.call(.get, "/v1/apps", token: daemon.admin).decode([String: [API.App]].self)["apps"]?.count == 3)
            for path in ["/", "/apps/todo/", "/apps/todo/page.js", "/apps/todo/page.css"] {
                #expect(try await client.call(.get, path, headers: cookie).status == .ok, "\(path): a page holds no data")
            }

            #expect(try await client.call(.get, "/v1/apps", headers: browser).status == .ok)
            #expect(try await client.call(.post, "/v1/apps", json: registration, headers: browser).status == .created)
            let keyed = try RawHTTP(port: port)
            try keyed.send(
                RawHTTP.upgradeRequest(
                    port: port, token: nil,
                    headers: [
                        ("Cookie", browser[.cookie]!), ("Origin", "http://127.0.0.1:\(port)"),
                        ("Sec-WebSocket-Protocol", "herald, herald-key.\(browser[SessionKeyTransport.header]!)"),
                    ]))
            let upgraded = try await keyed.answer()
            #expect(upgraded.status == 101)
            #expect(upgraded.head.lowercased().contains("sec-websocket-protocol: herald\r\n"), "\(upgraded.head)")
            #expect(!upgraded.head.contains("hsk_"), "the key is not echoed")
        }
    }

    @Test("a keyed browser request must come from the daemon's own Origin, exactly")
    func origins() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let browser = try await Self.signIn(client, daemon)
            let registration = API.AppRegistration(identifier: "com.example.shop", name: "Shop")
            for origin in ["http://evil.example", "http://localhost", "http://127.0.0.1:8000", "null"] {
                var foreign = browser
                foreign[.origin] = origin
                #expect(try await client.call(.post, "/v1/apps", json: registration, headers: foreign).errorCode == "csrf", "\(origin)")
                #expect(try await client.call(.get, "/v1/apps", headers: foreign).errorCode == "csrf", "\(origin)")
            }
            #expect(try await client.call(.get, "/v1/apps", token: daemon.admin).decode([String: [API.App]].self)["apps"] == [])
            var own = browser
            own[.origin] = "http://localhost:0"
            #expect(try await client.call(.post, "/v1/apps", json: registration, headers: own).status == .created)
        }
    }

    @Test("sessions and their keys are stored by their hash only, and end together when the admin says so")
    func sessions() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let first = try await Self.signIn(client, daemon)
            let second = try await Self.signIn(client, daemon)
            #expect(first != second, "each sign-in is a session of its own")
            let id = String(first[.cookie]!.split(separator: "=", maxSplits: 1)[1])
            let stored = try String(contentsOf: daemon.directory.appendingPathComponent("sessions.json"), encoding: .utf8)
            #expect(!stored.contains(id), "the file holds no usable session id")
            #expect(!stored.contains(first[SessionKeyTransport.header]!), "nor a key")
            #expect(stored.contains(Secrets.fingerprint(first[SessionKeyTransport.header]!)))
            #expect(!stored.contains(daemon.admin))
            #expect(try await client.call(.get, "/v1/apps", headers: first).status == .ok)
            let ended = try await client.call(.delete, "/v1/sessions", token: daemon.admin)
            #expect(try ended.decode([String: Int].self)["ended"] == 2)
            #expect(try await client.call(.get, "/v1/apps", headers: first).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/apps", headers: second).status == .unauthorized)
        }
    }

    @Test("a session ends after 24 hours unused, and 7 days after sign-in however used")
    func sessionLifetimes() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let advance = { (hours: Double) in
                _ = try await client.call(
                    .post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: hours * 3_600))
            }
            let idle = try await Self.signIn(client, daemon)
            let used = try await Self.signIn(client, daemon)
            try await advance(23)
            #expect(try await client.call(.get, "/v1/apps", headers: used).status == .ok)
            try await advance(2)
            let ended = try await client.call(.get, "/v1/apps", headers: idle)
            #expect(ended.status == .unauthorized)
            #expect(ended.errorMessage?.contains("session has ended") == true)
            // Used within every day: good until 7 days after sign-in, not an hour more.
            for _ in 0..<6 {
                #expect(try await client.call(.get, "/v1/apps", headers: used).status == .ok)
                try await advance(23)
            }
            #expect(try await client.call(.get, "/v1/apps", headers: used).status == .ok)
            try await advance(7 * 24 - 25 - 6 * 23 + 1)
            #expect(try await client.call(.get, "/v1/apps", headers: used).status == .unauthorized)
        }
    }

    @Test("another daemon's cookie, or a stale one, is ignored on public routes and the sign-in page")
    func unknownCookieIgnored() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let stranger: HTTPFields = [.cookie: "herald_session_0=hss_fromanotherdaemon; herald_session_7878=hss_x"]
            let health = try await client.call(.get, "/v1/health", headers: stranger)
            #expect(health.status == .ok)
            let code = try await client.call(.post, "/v1/sessions/codes", token: daemon.admin).decode(API.SignInCode.self).code
            #expect(try await client.call(.get, "/login?code=\(code)", headers: stranger).status == .ok)
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
