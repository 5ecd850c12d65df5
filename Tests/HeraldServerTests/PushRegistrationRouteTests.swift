import Foundation
import HTTPTypes
import HeraldAPI
import HummingbirdTesting
import NotificationEngine
import NotificationEngineTesting
import Testing

/// `/v1/push/registration`: an app's device token over HTTP, with and without a
/// push service to register with.
@Suite("Routes: registering for remote notifications")
struct PushRegistrationRouteTests {
    static let path = "/v1/push/registration"

    @Test("By default the daemon is its apps' push service: a token registered is in its directory, and ends there")
    func ownPushService() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register("com.example.chat", admin: daemon.admin)
            let hex = try await client.call(.post, Self.path, token: token).decode(API.DeviceToken.self).deviceToken
            let listed = try await client.call(.get, "/v1/push/devices", token: daemon.admin)
                .decode([String: [API.PushDevice]].self)["devices"]
            #expect(listed?.map(\.token) == [hex])
            #expect(listed?.first?.app == "com.example.chat" && listed?.first?.device == "local")
            #expect(listed?.first?.unregisteredAt == nil)
            #expect(try await client.call(.delete, Self.path, token: token).status == .noContent)
            let ended = try await client.call(.get, "/v1/push/devices", token: daemon.admin)
                .decode([String: [API.PushDevice]].self)["devices"]
            #expect(ended?.first?.unregisteredAt != nil)
        }
    }

    @Test("A push service that cannot keep a registration answers 409 remoteNotificationsUnavailable, and nothing is registered")
    func unavailable() async throws {
        let daemon = try TestDaemon()
        // Where the push records go, a directory: saving them fails.
        try FileManager.default.createDirectory(
            at: daemon.directory.appendingPathComponent("push.json"), withIntermediateDirectories: true)
        try await daemon.withRouter { client in
            let token = try await client.register("com.example.chat", admin: daemon.admin)
            let answer = try await client.call(.post, Self.path, token: token)
            #expect(answer.status == .conflict)
            #expect(answer.errorCode == "remoteNotificationsUnavailable")
            let registered = try await client.call(.get, Self.path, token: token)
            #expect(try !registered.decode(API.PushRegistration.self).registered)
        }
    }

    @Test("An app registers and gets 64 lowercase hex digits, the same until it unregisters, then a new token")
    func registers() async throws {
        let registrar = InMemoryRemoteNotificationRegistrar()
        let daemon = try TestDaemon(registrar: registrar)
        try await daemon.withRouter { client in
            let token = try await client.register("com.example.chat", admin: daemon.admin)
            let before = try await client.call(.get, Self.path, token: token)
            #expect(try before.decode(API.PushRegistration.self) == API.PushRegistration(registered: false))
            let first = try await client.call(.post, Self.path, token: token)
            #expect(first.status == .ok)
            let hex = try first.decode(API.DeviceToken.self).deviceToken
            #expect(hex.count == 64 && hex.allSatisfy { "0123456789abcdef".contains($0) })
            #expect(registrar.app(for: try API.DeviceToken(hex: hex).bytes()) == "com.example.chat")
            let again = try await client.call(.post, Self.path, token: token)
            #expect(try again.decode(API.DeviceToken.self).deviceToken == hex)
            let registered = try await client.call(.get, Self.path, token: token)
            #expect(try registered.decode(API.PushRegistration.self).registered)
            #expect(try await client.call(.delete, Self.path, token: token).status == .noContent)
            let after = try await client.call(.get, Self.path, token: token)
            #expect(try !after.decode(API.PushRegistration.self).registered)
            let renewed = try await client.call(.post, Self.path, token: token)
            #expect(try renewed.decode(API.DeviceToken.self).deviceToken != hex)
        }
    }

    @Test("An app's token acts only for its app; the admin names one; no credential is 401")
    func access() async throws {
        let daemon = try TestDaemon(registrar: InMemoryRemoteNotificationRegistrar())
        try await daemon.withRouter { client in
            let chat = try await client.register("com.example.chat", admin: daemon.admin)
            _ = try await client.register("com.example.mail", admin: daemon.admin)
            let other = try await client.call(.post, "\(Self.path)?app=com.example.mail", token: chat)
            #expect(other.status == .forbidden)
            let own = try await client.call(.post, "\(Self.path)?app=com.example.chat", token: chat)
            #expect(own.status == .ok)
            #expect(try await client.call(.post, Self.path).status == .unauthorized)
            let unnamed = try await client.call(.post, Self.path, token: daemon.admin)
            #expect(unnamed.status == .badRequest)
            let unknown = try await client.call(.post, "\(Self.path)?app=com.example.none", token: daemon.admin)
            #expect(unknown.status == .notFound)
            let named = try await client.call(.get, "\(Self.path)?app=com.example.chat", token: daemon.admin)
            #expect(try named.decode(API.PushRegistration.self).registered)
            let mail = try await client.call(.get, "\(Self.path)?app=com.example.mail", token: daemon.admin)
            #expect(try !mail.decode(API.PushRegistration.self).registered)
        }
    }
}
