public import Foundation
public import NotificationModel

extension RemoteNotificationService {
    public func registerForRemoteNotifications(for app: AppIdentifier) async throws -> Data {
        try await remote { try await client.registerForRemoteNotifications(app: app.rawValue) }
    }

    public func unregisterForRemoteNotifications(for app: AppIdentifier) async throws {
        try await remote { try await client.unregisterForRemoteNotifications(app: app.rawValue) }
    }

    public func isRegisteredForRemoteNotifications(for app: AppIdentifier) async throws -> Bool {
        try await remote { try await client.isRegisteredForRemoteNotifications(app: app.rawValue) }
    }
}
