import Foundation
import NotificationEngine
import PushService
import Signals

/// The device tokens of the apps on the daemon's own machine: the push service's
/// registrar for the engine beside it, so an app that registers for remote
/// notifications gets a token that `POST /3/device/{token}` reaches it by.
struct LocalRegistrar: RemoteNotificationRegistrar {
    let directory: PushDirectory
    let scheduler: any DateScheduler

    func register(_ app: AppIdentifier) async throws -> Data {
        do {
            return try directory.register(app: app.rawValue, device: DeviceRegistration.localDevice, now: scheduler.now)
                .token.bytes
        } catch let error as PushServiceError {
            throw NotificationError(.remoteNotificationsUnavailable, "the push service cannot register \(app): \(error)")
        }
    }

    func unregister(_ app: AppIdentifier) async throws {
        do {
            try directory.unregister(app: app.rawValue, device: DeviceRegistration.localDevice, now: scheduler.now)
        } catch let error as PushServiceError {
            throw NotificationError(.remoteNotificationsUnavailable, "the push service cannot unregister \(app): \(error)")
        }
    }

    func isRegistered(_ app: AppIdentifier) async throws -> Bool {
        directory.registration(app: app.rawValue, device: DeviceRegistration.localDevice) != nil
    }
}
