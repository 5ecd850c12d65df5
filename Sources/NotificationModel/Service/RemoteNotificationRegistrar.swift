public import Foundation

/// Where a device's apps get their device tokens: the push service the device
/// is registered with (on one machine, the daemon's own). The engine asks it
/// when an app calls ``NotificationService/registerForRemoteNotifications(for:)``.
public protocol RemoteNotificationRegistrar: Sendable {
    /// The app's device token (32 bytes), made at its first registration and the
    /// same at each later one until it unregisters.
    ///
    /// - Throws: ``NotificationError`` with
    ///   ``NotificationError/Code/remoteNotificationsUnavailable`` when the push
    ///   service cannot be reached or refuses.
    func register(_ app: AppIdentifier) async throws -> Data

    /// Forgets the app's device token: pushes to it are refused from now on (APNs's
    /// `Unregistered`). Does nothing for an app that is not registered.
    func unregister(_ app: AppIdentifier) async throws

    /// Whether the app holds a device token.
    func isRegistered(_ app: AppIdentifier) async throws -> Bool
}
