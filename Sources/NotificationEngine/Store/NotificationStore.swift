package import Foundation

/// Where the engine keeps its state.
public enum NotificationStoreKind: Sendable, Hashable {
    /// In memory: gone when the process ends. For tests and short-lived programs.
    case inMemory
    /// An SQLite database file (WAL mode, migrated on open). Survives crashes.
    case sqlite(path: String)
    /// A PostgreSQL database, at a `postgres://user:password@host:port/database`
    /// URL (libpq's form; `?sslmode=` and `?schema=` are read, see the engine
    /// guide). Its tables, attachments included, are created and migrated on open.
    case postgres(url: String)
}

/// A request's next due date, as the due queue holds it.
package struct DueEntry: Sendable, Hashable {
    package var app: AppIdentifier
    package var identifier: String
    package var date: Date

    package init(app: AppIdentifier, identifier: String, date: Date) {
        self.app = app
        self.identifier = identifier
        self.date = date
    }

    /// Due-queue order: by date, then app, then identifier.
    package func comesBefore(_ other: DueEntry) -> Bool {
        if date != other.date { return date < other.date }
        if app != other.app { return app < other.app }
        return identifier < other.identifier
    }
}

extension Array where Element == DueEntry {
    /// Where `entry` goes in this array, sorted in due-queue order (binary search).
    package func insertionIndex(of entry: DueEntry) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].comesBefore(entry) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A pending request as read for firing: its dates, and the request itself
/// either decoded or still in the store's encoding, so that the engine can
/// decode a batch in parallel and the store can write the same bytes into the
/// delivery without encoding it again.
package struct PendingRecord: Sendable {
    package var app: AppIdentifier
    package var identifier: String
    package var nextFireDate: Date?
    package var addedDate: Date
    package var payload: RequestPayload

    package init(
        app: AppIdentifier, identifier: String, nextFireDate: Date?, addedDate: Date, payload: RequestPayload
    ) {
        self.app = app
        self.identifier = identifier
        self.nextFireDate = nextFireDate
        self.addedDate = addedDate
        self.payload = payload
    }
}

/// A request as a store holds it.
package enum RequestPayload: Sendable {
    case decoded(NotificationRequest)
    /// In ``RequestCoding``'s binary encoding.
    case encoded(Data)

    /// The request, decoded if need be.
    package func request() throws -> NotificationRequest {
        switch self {
        case .decoded(let request): request
        case .encoded(let data): try RequestCoding.decode(data)
        }
    }
}

/// A delivery as stored: whether it is still listed in the notification center and
/// whether the user has answered it.
package struct StoredDelivery: Sendable, Hashable {
    package var delivery: Delivery
    package var isListed: Bool
    package var isAnswered: Bool

    package init(delivery: Delivery, isListed: Bool, isAnswered: Bool) {
        self.delivery = delivery
        self.isListed = isListed
        self.isAnswered = isAnswered
    }
}

extension [StoredDelivery] {
    /// Within a batch of new deliveries, a later delivery of a request replaces an
    /// earlier listed one: unlists those and returns them (``StoreTransaction/saveDeliveries(_:requests:)``).
    mutating func unlistReplacedWithinBatch() -> [ReplacedDelivery] {
        var replaced: [ReplacedDelivery] = []
        var listed: [RegionKey: Int] = [:]
        for index in indices {
            let delivery = self[index].delivery
            let key = RegionKey(app: delivery.app, identifier: delivery.request.identifier)
            if let earlier = listed.removeValue(forKey: key) {
                self[earlier].isListed = false
                replaced.append(ReplacedDelivery(app: key.app, id: self[earlier].delivery.id))
            }
            if self[index].isListed { listed[key] = index }
        }
        return replaced
    }
}

extension [StoredDelivery] {
    /// Within a batch of new deliveries, in delivery order, keeps each app's
    /// newest `limit` listed ones listed and unlists the older; returns those it
    /// unlisted, and how many of each app's stay listed.
    mutating func unlistBeyond(_ limit: Int) -> (unlisted: [ReplacedDelivery], listed: [AppIdentifier: Int]) {
        var listed: [AppIdentifier: Int] = [:]
        var unlisted: [ReplacedDelivery] = []
        for index in indices.reversed() where self[index].isListed {
            let app = self[index].delivery.app
            if listed[app, default: 0] < limit {
                listed[app, default: 0] += 1
            } else {
                self[index].isListed = false
                unlisted.append(ReplacedDelivery(app: app, id: self[index].delivery.id))
            }
        }
        return (unlisted.reversed(), listed)
    }
}

/// Where the stored form of new deliveries' requests comes from.
package enum DeliveryRequests: Sendable {
    /// Each delivery's request, encoded.
    case own
    /// The pending requests that fired, as the engine read them from their rows
    /// for this batch: one per delivery, in order; they must still be pending.
    case read([RequestPayload])
}

/// The writes of one firing batch (``StoreTransaction/saveFiring(_:)``).
package struct FiringWrites: Sendable {
    /// Outbox entries of deliveries already handed to the presenters.
    package var handedOver: [DeliveryID]
    package var deliveries: [StoredDelivery]
    package var requests: DeliveryRequests
    /// Repeating requests, still pending, with their next fire dates.
    package var rescheduled: [(app: AppIdentifier, pending: PendingRequest)]
    package var badges: [AppIdentifier: Int]
    /// Requests that fired for the last time, or could not be read.
    package var finished: [(app: AppIdentifier, identifier: String)]
    /// The most deliveries an app's notification center lists: after the new
    /// deliveries, the oldest beyond it are unlisted (``StoreTransaction/trimListedDeliveries(_:keeping:)``).
    package var listedLimit: Int

    package init(
        handedOver: [DeliveryID] = [], deliveries: [StoredDelivery] = [], requests: DeliveryRequests = .own,
        rescheduled: [(app: AppIdentifier, pending: PendingRequest)] = [], badges: [AppIdentifier: Int] = [:],
        finished: [(app: AppIdentifier, identifier: String)] = [], listedLimit: Int = .max
    ) {
        self.handedOver = handedOver
        self.deliveries = deliveries
        self.requests = requests
        self.rescheduled = rescheduled
        self.badges = badges
        self.finished = finished
        self.listedLimit = listedLimit
    }

    /// The apps with new listed deliveries, sorted: those whose notification center may overflow.
    package var appsListing: [AppIdentifier] {
        Set(deliveries.filter(\.isListed).map(\.delivery.app)).sorted()
    }
}

/// What an app's attachments' bytes are kept for (``StoreTransaction/attachmentReferences(_:)``).
package struct AttachmentReferences: Sendable {
    /// Each pending request's attachments, by request identifier.
    package var pending: [String: [NotificationAttachment]]
    /// The attachments of each delivery whose bytes are kept.
    package var delivered: [[NotificationAttachment]]

    package init(pending: [String: [NotificationAttachment]] = [:], delivered: [[NotificationAttachment]] = []) {
        self.pending = pending
        self.delivered = delivered
    }
}

/// A listed delivery that a newer one of the same request identifier took out
/// of the notification center, or that the center's limit pushed out.
package struct ReplacedDelivery: Sendable, Hashable {
    package var app: AppIdentifier
    package var id: DeliveryID

    package init(app: AppIdentifier, id: DeliveryID) {
        self.app = app
        self.id = id
    }
}

/// A store: runs transactions. Writes are serialized. A write that throws may be
/// rolled back or not, so the engine validates before writing and never needs it.
package protocol NotificationStore: Sendable {
    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T
    func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T
}
