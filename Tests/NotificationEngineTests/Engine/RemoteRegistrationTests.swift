import Foundation
import NotificationEngine
import NotificationEngineTesting
import Testing

/// An app's device token through the engine and its configured registrar.
@Suite("Engine: registering for remote notifications")
struct RemoteRegistrationTests {
    /// A registrar that hands out a token of the wrong length.
    struct ShortTokens: RemoteNotificationRegistrar {
        func register(_ app: AppIdentifier) async throws -> Data { Data(count: 16) }
        func unregister(_ app: AppIdentifier) async throws {}
        func isRegistered(_ app: AppIdentifier) async throws -> Bool { false }
    }

    @Test("Without a registrar each call throws remoteNotificationsUnavailable")
    func unavailable() async throws {
        let fixture = try EngineFixture()
        let calls: [@Sendable () async throws -> Void] = [
            { _ = try await fixture.engine.registerForRemoteNotifications(for: fixture.app) },
            { try await fixture.engine.unregisterForRemoteNotifications(for: fixture.app) },
            { _ = try await fixture.engine.isRegisteredForRemoteNotifications(for: fixture.app) },
        ]
        for call in calls {
            let error = await #expect(throws: NotificationError.self) { try await call() }
            #expect(error?.code == .remoteNotificationsUnavailable)
        }
    }

    @Test("An app gets 32 bytes, the same until it unregisters; another app gets its own")
    func tokens() async throws {
        let fixture = try EngineFixture { $0.remoteNotificationRegistrar = InMemoryRemoteNotificationRegistrar() }
        let engine = fixture.engine
        #expect(try await !engine.isRegisteredForRemoteNotifications(for: fixture.app))
        let first = try await engine.registerForRemoteNotifications(for: fixture.app)
        #expect(first.count == 32)
        #expect(try await engine.registerForRemoteNotifications(for: fixture.app) == first)
        #expect(try await engine.isRegisteredForRemoteNotifications(for: fixture.app))
        #expect(try await engine.registerForRemoteNotifications(for: "com.example.other") != first)
        try await engine.unregisterForRemoteNotifications(for: fixture.app)
        #expect(try await !engine.isRegisteredForRemoteNotifications(for: fixture.app))
        #expect(try await engine.registerForRemoteNotifications(for: fixture.app) != first)
    }

    @Test("A bad app identifier is refused before the registrar is asked; a token not of 32 bytes is refused")
    func refusals() async throws {
        let registrar = InMemoryRemoteNotificationRegistrar()
        let fixture = try EngineFixture { $0.remoteNotificationRegistrar = registrar }
        let bad = await #expect(throws: NotificationError.self) {
            try await fixture.engine.registerForRemoteNotifications(for: "not an app")
        }
        #expect(bad?.code == .invalidAppIdentifier)
        #expect(try await !registrar.isRegistered("not an app"))
        let short = try EngineFixture { $0.remoteNotificationRegistrar = ShortTokens() }
        let error = await #expect(throws: NotificationError.self) {
            try await short.engine.registerForRemoteNotifications(for: short.app)
        }
        #expect(error?.code == .remoteNotificationsUnavailable)
    }
}
