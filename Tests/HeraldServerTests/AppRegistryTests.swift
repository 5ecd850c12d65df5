import Foundation
import HTTPTypes
import HeraldServer
import NotificationEngine
import HeraldAPI
import HummingbirdTesting
import Synchronization
import Testing

@Suite("Apps and tokens")
struct AppRegistryTests {
    @Test("health needs no credentials; everything else does")
    func credentials() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            #expect(try await client.call(.get, "/v1/health").status == .ok)
            let anonymous = try await client.call(.get, "/v1/apps")
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.errorCode == "unauthorized")
            let wrong = try await client.call(.get, "/v1/apps", token: "not-a-token")
            #expect(wrong.status == .unauthorized)
            #expect(try await client.call(.get, "/v1/apps", token: daemon.admin).status == .ok)
        }
    }

    @Test("an app's token reaches its own app only, and never the admin routes")
    func isolation() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let shop = try await client.register("com.example.shop", admin: daemon.admin)
            _ = try await client.register("com.example.todo", admin: daemon.admin)
            #expect(try await client.call(.get, "/v1/apps/com.example.shop/requests", token: shop).status == .ok)
            let other = try await client.call(.get, "/v1/apps/com.example.todo/requests", token: shop)
            #expect(other.status == .forbidden)
            #expect(try await client.call(.get, "/v1/apps", token: shop).status == .forbidden)
            let prefs = try await client.call(.get, "/v1/apps/com.example.shop/preferences", token: shop)
            #expect(prefs.status == .forbidden)
        }
    }

    @Test("registering twice, a bad identifier or a bad webhook is refused and changes nothing")
    func badRegistrations() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            _ = try await client.register("com.example.shop", admin: daemon.admin)
            let again = try await client.call(
                .post, "/v1/apps", token: daemon.admin, json: API.AppRegistration(identifier: "com.example.shop", name: "X"))
            #expect(again.status == .conflict)
            let bad = try await client.call(
                .post, "/v1/apps", token: daemon.admin, json: API.AppRegistration(identifier: "no spaces!", name: "X"))
            #expect(bad.status == .unprocessableContent)
            #expect(bad.errorCode == "invalidAppIdentifier")
            let hook = try await client.call(
                .post, "/v1/apps", token: daemon.admin,
                json: API.AppRegistration(identifier: "com.example.hook", name: "Hook", webhookURL: "ftp://x"))
            #expect(hook.errorCode == "invalidWebhookURL")
            let apps = try await client.call(.get, "/v1/apps", token: daemon.admin).decode([String: [API.App]].self)
            #expect(apps["apps"]?.map(\.identifier) == ["com.example.shop"])
            #expect(apps["apps"]?.first?.name == "com.example.shop")
        }
    }

    @Test("a new token replaces the old one; removing an app revokes its token and its notifications")
    func tokenLifecycle() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let old = try await client.register("com.example.shop", admin: daemon.admin)
            _ = try await client.call(.post, "/v1/apps/com.example.shop/requests", token: old, json: API.Request.simple("a"))
            let renewed = try await client.call(.post, "/v1/apps/com.example.shop/token", token: daemon.admin)
            let new = try renewed.decode(API.AppCredentials.self).token
            #expect(try await client.call(.get, "/v1/apps/com.example.shop", token: old).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/apps/com.example.shop", token: new).status == .ok)
            #expect(try await client.call(.delete, "/v1/apps/com.example.shop", token: daemon.admin).status == .noContent)
            #expect(try await client.call(.get, "/v1/apps/com.example.shop", token: new).status == .unauthorized)
            #expect(try await daemon.daemon.engine.pendingRequests(for: "com.example.shop").isEmpty)
        }
    }

    @Test("the admin credential and the registry survive a restart; the credential file is owner-only")
    func persistence() async throws {
        let first = try TestDaemon()
        let registered = Mutex("")
        try await first.withRouter { client in
            let token = try await client.register("com.example.shop", admin: first.admin)
            registered.withLock { $0 = token }
        }
        let token = registered.withLock { $0 }
        let mode = try FileManager.default.attributesOfItem(
            atPath: first.directory.appendingPathComponent("admin-token").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try TestDaemon(directory: first.directory)
        #expect(second.admin == first.admin)
        let appToken = token
        try await second.withRouter { client in
            let answer = try await client.call(.get, "/v1/apps/com.example.shop", token: appToken)
            #expect(answer.status == .ok)
        }
        let registry = try String(contentsOf: first.directory.appendingPathComponent("apps.json"), encoding: .utf8)
        #expect(!registry.contains(token))
    }
}
