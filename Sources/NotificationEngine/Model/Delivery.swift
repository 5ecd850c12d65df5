public import Foundation

/// The identity of one delivery, unique across restarts: presenters dedupe on it.
public struct DeliveryID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: UUID

    public init(rawValue: UUID) {
        self.rawValue = rawValue
    }

    /// A new, unique identifier.
    public init() {
        rawValue = UUID()
    }

    public init?(_ string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        rawValue = uuid
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue.uuidString }
}

/// A request that fired: what the notification center shows and what a response
/// refers to (`UNNotification` on Apple's platforms).
public struct Delivery: Codable, Sendable, Hashable, Identifiable {
    public var id: DeliveryID
    public var app: AppIdentifier
    public var request: NotificationRequest
    /// When the request was due.
    public var scheduledDate: Date
    /// When it was delivered.
    public var date: Date
    /// Delivered after it was due, for instance after the engine was down.
    public var isLate: Bool

    public init(
        id: DeliveryID,
        app: AppIdentifier,
        request: NotificationRequest,
        scheduledDate: Date,
        date: Date,
        isLate: Bool
    ) {
        self.id = id
        self.app = app
        self.request = request
        self.scheduledDate = scheduledDate
        self.date = date
        self.isLate = isLate
    }
}
