public import Foundation

extension NotificationEngine {
    /// Registers the app with ``Configuration/remoteNotificationRegistrar`` and
    /// returns its device token (32 bytes), the same until it unregisters.
    ///
    /// - Throws: ``NotificationError/Code/remoteNotificationsUnavailable`` without
    ///   a registrar, or when it cannot register the app;
    ///   ``NotificationError/Code/invalidAppIdentifier``.
    public func registerForRemoteNotifications(for app: AppIdentifier) async throws -> Data {
        let token = try await registrar(for: app).register(app)
        guard token.count == Self.deviceTokenLength else {
            throw NotificationError(
                .remoteNotificationsUnavailable,
                "the push service gave \(app) a device token of \(token.count) bytes, not \(Self.deviceTokenLength)")
        }
        return token
    }

    /// Forgets the app's device token at ``Configuration/remoteNotificationRegistrar``.
    ///
    /// - Throws: As ``registerForRemoteNotifications(for:)``.
    public func unregisterForRemoteNotifications(for app: AppIdentifier) async throws {
        try await registrar(for: app).unregister(app)
    }

    /// Whether the app holds a device token at ``Configuration/remoteNotificationRegistrar``.
    ///
    /// - Throws: As ``registerForRemoteNotifications(for:)``.
    public func isRegisteredForRemoteNotifications(for app: AppIdentifier) async throws -> Bool {
        try await registrar(for: app).isRegistered(app)
    }

    /// A device token's length in bytes, as APNs's.
    static let deviceTokenLength = 32

    /// The configured registrar, once the app identifier is checked.
    private func registrar(for app: AppIdentifier) throws -> any RemoteNotificationRegistrar {
        try Validator.validateApp(app)
        guard let registrar = configuration.remoteNotificationRegistrar else {
            throw NotificationError(
                .remoteNotificationsUnavailable,
                "\(app) cannot register for remote notifications: no push service is configured")
        }
        return registrar
    }
}
