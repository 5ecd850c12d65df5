public import Foundation

/// One app on one device, registered for remote notifications: what a device token
/// stands for. A registration is kept after the app unregisters, so pushes to its
/// token are answered `Unregistered` with the time it stopped, as APNs answers.
public struct DeviceRegistration: Hashable, Sendable, Codable {
    public var token: DeviceToken
    /// The app's identifier: the only `apns-topic` the token takes.
    public var app: String
    /// The device the app runs on: ``DeviceRegistration/localDevice`` for the
    /// service's own machine.
    public var device: String
    public var registeredAt: Date
    /// When the app unregistered; `nil` while it is registered.
    public var unregisteredAt: Date?

    /// The device a push service's own machine is.
    public static let localDevice = "local"

    public init(token: DeviceToken, app: String, device: String, registeredAt: Date, unregisteredAt: Date? = nil) {
        self.token = token
        self.app = app
        self.device = device
        self.registeredAt = registeredAt
        self.unregisteredAt = unregisteredAt
    }

    /// Whether pushes to the token are delivered.
    public var isActive: Bool { unregisteredAt == nil }
}
