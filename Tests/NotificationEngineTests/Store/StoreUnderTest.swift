import Foundation
import HeraldTestSupport
import NotificationEngine
import Testing

/// The stores the conformance suites run against: each test opens a fresh one.
enum StoreUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    /// A schema of its own in the test database (``TestPostgres``).
    case postgres

    /// In-memory and SQLite always; PostgreSQL when a test database is given,
    /// which `scripts/test` always does (and CI requires, see ``PostgresStoreTests``).
    static var allCases: [StoreUnderTest] {
        TestPostgres.url == nil ? [.inMemory, .sqlite] : [.inMemory, .sqlite, .postgres]
    }

    var testDescription: String { rawValue }

    func open() throws -> OpenedStore {
        switch self {
        case .inMemory:
            return OpenedStore(store: InMemoryStore(), resources: nil)
        case .sqlite:
            let directory = try TemporaryDirectory()
            return OpenedStore(store: try SQLiteStore(path: directory.path("store.sqlite")), resources: directory)
        case .postgres:
            let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set")
            let store = try PostgresStore(url: url)
            return OpenedStore(store: store, resources: DroppedSchema(store: store))
        }
    }
}

/// An open store and what it needs while open: for SQLite, the directory of its
/// file; for PostgreSQL, its schema, dropped when the test is done.
struct OpenedStore {
    let store: any NotificationStore
    let resources: AnyObject?

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

/// Drops a test store's schema when the last copy of its ``OpenedStore`` goes.
final class DroppedSchema {
    let store: PostgresStore

    init(store: PostgresStore) {
        self.store = store
    }

    deinit {
        try? store.dropSchema()
        store.close()
    }
}
