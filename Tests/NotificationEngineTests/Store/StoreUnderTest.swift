import Foundation
import HeraldTestSupport
import NotificationEngine
import Testing

/// The stores the conformance suites run against: each test opens a fresh one.
enum StoreUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite

    var testDescription: String { rawValue }

    func open() throws -> OpenedStore {
        switch self {
        case .inMemory:
            return OpenedStore(store: InMemoryStore(), directory: nil)
        case .sqlite:
            let directory = try TemporaryDirectory()
            return OpenedStore(store: try SQLiteStore(path: directory.path("store.sqlite")), directory: directory)
        }
    }
}

/// An open store and, for SQLite, the directory of its file, which lives as long
/// as the store.
struct OpenedStore {
    let store: any NotificationStore
    let directory: TemporaryDirectory?

    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try store.write(body)
    }

    func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try store.read(body)
    }
}

/// Values to store. Dates are offsets in seconds from a base with a long
/// fraction, so a store that rounds them does not read back what it was given.
enum StoreSamples {
    static let base = 790_000_000.123_456_789

    static func date(_ offset: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: base + offset)
    }

    static func request(_ identifier: String, trigger: NotificationTrigger? = nil) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier,
            content: NotificationContent(
                title: "Title \(identifier)", body: "Body", badge: 1, sound: .named("bell.wav"),
                userInfo: ["UUID": .string(identifier), "n": 1.5, "tags": ["a", nil]],
                categoryIdentifier: "reminder"),
            trigger: trigger)
    }

    static func pending(
        _ identifier: String,
        fire: Double?,
        added: Double = 0,
        trigger: NotificationTrigger? = .timeInterval(TimeIntervalTrigger(interval: 60, repeats: false))
    ) -> PendingRequest {
        PendingRequest(request: request(identifier, trigger: trigger), nextFireDate: fire.map(date), addedDate: date(added))
    }

    static func location(_ identifier: String, added: Double = 0) -> PendingRequest {
        let region = CircularRegion(
            identifier: "shop-\(identifier)", center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 150)
        return pending(identifier, fire: nil, added: added, trigger: .location(LocationTrigger(region: region, repeats: true)))
    }

    static func delivery(
        _ identifier: String,
        app: AppIdentifier,
        at offset: Double,
        listed: Bool = true
    ) -> StoredDelivery {
        let delivery = Delivery(
            id: DeliveryID(), app: app, request: request(identifier),
            scheduledDate: date(offset - 0.5), date: date(offset), isLate: offset > 100)
        return StoredDelivery(delivery: delivery, isListed: listed, isAnswered: false)
    }

    static func response(to delivery: StoredDelivery, action: String) -> NotificationResponse {
        NotificationResponse(
            delivery: delivery.delivery, actionIdentifier: action,
            userText: action == "reply" ? "On my way" : nil, date: date(1_000))
    }

    static func category(_ identifier: String) -> NotificationCategory {
        NotificationCategory(
            identifier: identifier,
            actions: [
                NotificationAction(identifier: "ok", title: "OK, got it"),
                NotificationAction(identifier: "trash", title: "Delete list", options: [.destructive]),
            ],
            options: [.customDismissAction])
    }
}

extension [PendingRequest] {
    /// The identifiers, in order.
    var identifiers: [String] { map(\.request.identifier) }
}

extension [Delivery] {
    /// The request identifiers, in order.
    var identifiers: [String] { map(\.request.identifier) }
}
