public import Foundation
import HeraldAPI

extension HeraldClient {
    /// Registers the app for remote notifications and returns its device token
    /// (32 bytes), the same until it unregisters: `POST /v1/push/registration`.
    ///
    /// - Parameter app: The app; with an app's token, `nil` means its own. The
    ///   admin token must name one.
    /// - Throws: `remoteNotificationsUnavailable` (409) when the daemon has no
    ///   push service to register with.
    public func registerForRemoteNotifications(app: String? = nil) async throws -> Data {
        try await call(.post, Self.registration, query: Self.query(app), as: API.DeviceToken.self).bytes()
    }

    /// Forgets the app's device token: `DELETE /v1/push/registration`.
    public func unregisterForRemoteNotifications(app: String? = nil) async throws {
        _ = try await send(.delete, Self.registration, query: Self.query(app), body: Empty?.none, timeout: nil)
    }

    /// Whether the app holds a device token: `GET /v1/push/registration`.
    public func isRegisteredForRemoteNotifications(app: String? = nil) async throws -> Bool {
        try await call(.get, Self.registration, query: Self.query(app), as: API.PushRegistration.self).registered
    }

    private static let registration = ["v1", "push", "registration"]

    static func query(_ app: String?) -> [URLQueryItem] {
        app.map { [URLQueryItem(name: "app", value: $0)] } ?? []
    }
}
