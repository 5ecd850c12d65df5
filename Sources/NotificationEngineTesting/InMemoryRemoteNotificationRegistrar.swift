public import Foundation
public import NotificationEngine
import Synchronization

/// A registrar of device tokens kept in memory, for tests and for one process
/// without a push service: each app gets 32 random bytes at its first
/// registration and keeps them until it unregisters.
///
/// ```swift
/// import NotificationEngineTesting
///
/// var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
/// configuration.remoteNotificationRegistrar = InMemoryRemoteNotificationRegistrar()
/// let engine = try NotificationEngine(store: .inMemory, scheduler: scheduler, configuration: configuration)
/// let token = try await engine.registerForRemoteNotifications(for: "com.example.chat")  // 32 bytes
/// ```
public final class InMemoryRemoteNotificationRegistrar: RemoteNotificationRegistrar {
    private let tokens = Mutex<[AppIdentifier: Data]>([:])

    /// A registrar with no app registered.
    public init() {}

    /// The app's token: made from 32 random bytes at its first registration.
    public func register(_ app: AppIdentifier) async throws -> Data {
        tokens.withLock { tokens in
            if let token = tokens[app] { return token }
            var generator = SystemRandomNumberGenerator()
            let token = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            tokens[app] = token
            return token
        }
    }

    /// Forgets the app's token; its next registration makes a new one.
    public func unregister(_ app: AppIdentifier) async throws {
        _ = tokens.withLock { $0.removeValue(forKey: app) }
    }

    /// Whether the app holds a token.
    public func isRegistered(_ app: AppIdentifier) async throws -> Bool {
        tokens.withLock { $0[app] != nil }
    }

    /// The app that holds `token`, if any: where a push to it goes.
    public func app(for token: Data) -> AppIdentifier? {
        tokens.withLock { tokens in tokens.first { $0.value == token }?.key }
    }
}
