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
        #expect(!hosts.allowsOrigin("http://evil.example"))
        #expect(!hosts.allowsOrigin("null"))
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
            #expect(cookie.contains("herald_admin="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(try await client.call(.get, "/").status == .unauthorized)
            let center = try await client.call(.get, "/", headers: [.cookie: "herald_admin=\(daemon.admin)"])
            #expect(center.status == .ok)
            #expect(String(decoding: center.body, as: UTF8.self).contains("<html"))
        }
    }

    @Test("a cookie request that changes state needs X-Herald-CSRF and the daemon's own Origin")
    func csrf() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let cookie: HTTPFields = [.cookie: "herald_admin=\(daemon.admin)"]
            let registration = API.AppRegistration(identifier: "com.example.shop", name: "Shop")
            let forged = try await client.call(.post, "/v1/apps", json: registration, headers: cookie)
            #expect(forged.status == .forbidden)
            #expect(forged.errorCode == "csrf")
            var foreign = cookie
            foreign[HTTPField.Name("X-Herald-CSRF")!] = "1"
            foreign[.origin] = "http://evil.example"
            #expect(try await client.call(.post, "/v1/apps", json: registration, headers: foreign).errorCode == "csrf")
            #expect(try await client.call(.get, "/v1/apps", token: daemon.admin).decode([String: [API.App]].self)["apps"] == [])
            var own = cookie
            own[HTTPField.Name("X-Herald-CSRF")!] = "1"
            own[.origin] = "http://localhost"
            #expect(try await client.call(.post, "/v1/apps", json: registration, headers: own).status == .created)
            #expect(try await client.call(.get, "/v1/apps", headers: cookie).status == .ok)
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
