import Foundation
import NotificationEngine
import PushService

/// The engine's registrar on a daemon that may be a device of a push service on another
/// machine: the apps' tokens come from that service once `herald push connect` has
/// run; before, this daemon is its own apps' push service (``LocalRegistrar``).
struct DeviceRegistrar: RemoteNotificationRegistrar {
    let local: LocalRegistrar
    let slot: UpstreamSlot

    func register(_ app: AppIdentifier) async throws -> Data {
        guard let upstream = slot.upstream else { return try await local.register(app) }
        do {
            return try await upstream.register(app.rawValue).bytes
        } catch {
            throw NotificationError(.remoteNotificationsUnavailable, "\(error)")
        }
    }

    func unregister(_ app: AppIdentifier) async throws {
        guard let upstream = slot.upstream else { return try await local.unregister(app) }
        do {
            try await upstream.unregister(app.rawValue)
        } catch {
            throw NotificationError(.remoteNotificationsUnavailable, "\(error)")
        }
    }

    func isRegistered(_ app: AppIdentifier) async throws -> Bool {
        guard let upstream = slot.upstream else { return try await local.isRegistered(app) }
        return upstream.isRegistered(app.rawValue)
    }
}
