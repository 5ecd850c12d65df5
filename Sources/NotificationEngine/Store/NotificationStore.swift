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
    /// In the SQLite store's binary encoding.
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
    /// The SQLite store binds these bytes as they are (copying them from the rows
    /// in its statement looked each row up again and sorted the batch); the
    /// PostgreSQL store copies them from the rows in its one statement, which
    /// sends no request bytes at all.
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

/// The operations of one store transaction. The engine runs all of a change in
/// one transaction, so a crash leaves either all of it or none.
///
/// Orders: pending requests by next fire date (requests without one last), then
/// added date, then identifier; deliveries by date, then insertion order; the
/// outbox and responses in insertion order.
package protocol StoreTransaction {
    // MARK: Pending requests
    func pending(_ app: AppIdentifier, identifier: String) throws -> PendingRequest?
    func pendingRequests(_ app: AppIdentifier) throws -> [PendingRequest]
    /// The pending records of these keys that exist, undecoded where the store
    /// keeps an encoding, in no particular order.
    func pendingRecords(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [PendingRecord]
    /// Which of the identifiers the app has pending.
    func pendingIdentifiers(_ app: AppIdentifier, among identifiers: [String]) throws -> Set<String>
    /// The app's `limit` latest-firing requests, latest first (no fire date counts as latest).
    func latestPending(_ app: AppIdentifier, limit: Int) throws -> [PendingRequest]
    /// Inserts the request or replaces the app's request with the same identifier.
    func savePending(_ pending: PendingRequest, for app: AppIdentifier) throws
    /// Saves each request as ``savePending(_:for:)-(PendingRequest,_)`` does, in
    /// order (of two with one identifier, the later wins); a store may do it in
    /// one statement.
    func savePending(_ batch: [PendingRequest], for app: AppIdentifier) throws
    /// Deletes those of the identifiers that are pending; returns how many were.
    @discardableResult
    func deletePending(_ app: AppIdentifier, identifiers: [String]) throws -> Int
    @discardableResult
    func deleteAllPending(_ app: AppIdentifier) throws -> Int
    func pendingCounts() throws -> [AppIdentifier: Int]
    /// The `limit` soonest due entries of all apps, in due-queue order; with
    /// `after`, the soonest of those that come after it in that order.
    func soonestDue(limit: Int, after: DueEntry?) throws -> [DueEntry]
    /// Every pending request with a location trigger.
    func locationPending() throws -> [(AppIdentifier, PendingRequest)]

    // MARK: Deliveries
    /// Inserts deliveries in order; a listed delivery of the same app and
    /// request identifier (saved earlier, or earlier in the batch) is unlisted:
    /// the new one replaces it in the notification center. Returns the
    /// deliveries it unlisted. With ``DeliveryRequests/read(_:)`` each delivery's
    /// request must be its app's pending request of the same identifier.
    @discardableResult
    func saveDeliveries(_ batch: [StoredDelivery], requests: DeliveryRequests) throws -> [ReplacedDelivery]
    func delivery(_ id: DeliveryID) throws -> StoredDelivery?
    /// The app's listed deliveries, oldest first.
    func listedDeliveries(_ app: AppIdentifier) throws -> [Delivery]
    func unlistDeliveries(_ app: AppIdentifier, identifiers: [String]) throws
    func unlistAllDeliveries(_ app: AppIdentifier) throws
    func updateDelivery(_ id: DeliveryID, isListed: Bool, isAnswered: Bool) throws
    /// Unlists the app's listed deliveries beyond the newest `limit` (by date, then
    /// insertion order), oldest first; returns them.
    func trimListedDeliveries(_ app: AppIdentifier, keeping limit: Int) throws -> [ReplacedDelivery]
    /// Deletes deliveries no longer listed that were delivered before `date`,
    /// except those still in the outbox or with an unhandled response; returns
    /// how many it deleted.
    func pruneDeliveries(unlistedBefore date: Date) throws -> Int

    // MARK: Outbox: deliveries not yet handed to the presenters
    func addToOutbox(_ ids: [DeliveryID]) throws
    func outbox() throws -> [Delivery]
    func removeFromOutbox(_ ids: [DeliveryID]) throws

    // MARK: Firing
    /// Makes all of a firing batch's writes, as the operations above would one
    /// after the other: takes `handedOver` out of the outbox, saves the
    /// deliveries (``saveDeliveries(_:requests:)``, before their pending requests
    /// change) and puts them in the outbox, unlists each app's oldest listed
    /// deliveries beyond ``FiringWrites/listedLimit``, saves the rescheduled
    /// requests' next fire dates and the apps' badges, deletes the finished
    /// requests. Returns the deliveries the new ones unlisted, replaced or
    /// trimmed. A store may make them in fewer statements (PostgreSQL: one).
    func saveFiring(_ writes: FiringWrites) throws -> [ReplacedDelivery]

    // MARK: Responses not yet handled (or acknowledged) by their app
    func saveResponse(_ response: NotificationResponse) throws
    func unhandledResponses(_ app: AppIdentifier) throws -> [NotificationResponse]
    func markResponseHandled(_ id: DeliveryID) throws
    /// Deletes the app's response to delivery `id`; returns whether it had one.
    func removeResponse(_ id: DeliveryID, of app: AppIdentifier) throws -> Bool

    // MARK: Apps
    func preferences(_ app: AppIdentifier) throws -> AppNotificationPreferences?
    func savePreferences(_ preferences: AppNotificationPreferences, for app: AppIdentifier) throws
    func badge(_ app: AppIdentifier) throws -> Int
    func saveBadge(_ badge: Int, for app: AppIdentifier) throws
    func categories(_ app: AppIdentifier) throws -> [NotificationCategory]
    func saveCategories(_ categories: [NotificationCategory], for app: AppIdentifier) throws
    /// Every app the store knows, sorted.
    func apps() throws -> [AppIdentifier]
    /// Deletes every row the app owns: its record (preferences, badge, categories),
    /// pending requests, deliveries with their outbox entries, and responses.
    func deleteApp(_ app: AppIdentifier) throws

    // MARK: Attachments
    /// The digests of the attachments of every pending request and of every
    /// delivery that is listed, in the outbox or answered with a response its app
    /// has not handled: the bytes the attachment store must keep. A delivery that
    /// only waits out its retention needs none.
    func attachmentDigests() throws -> Set<String>
    /// The attachments the app's pending requests (by identifier) and those of its
    /// deliveries ``attachmentDigests()`` keeps bytes for refer to; requests and
    /// deliveries without attachments may be left out.
    func attachmentReferences(_ app: AppIdentifier) throws -> AttachmentReferences

    // MARK: The engine's own
    /// The identifier of the time zone the pending floating calendar triggers'
    /// fire dates were computed in; `nil` if none was saved yet.
    func scheduleTimeZone() throws -> String?
    func saveScheduleTimeZone(_ identifier: String) throws
}

extension StoreTransaction {
    /// The `limit` soonest due entries of all apps, in due-queue order.
    package func soonestDue(limit: Int) throws -> [DueEntry] {
        try soonestDue(limit: limit, after: nil)
    }

    package func saveFiring(_ writes: FiringWrites) throws -> [ReplacedDelivery] {
        try removeFromOutbox(writes.handedOver)
        var replaced = try saveDeliveries(writes.deliveries, requests: writes.requests)
        if writes.listedLimit < .max {
            for app in writes.appsListing {
                replaced += try trimListedDeliveries(app, keeping: writes.listedLimit)
            }
        }
        try addToOutbox(writes.deliveries.map { $0.delivery.id })
        for (app, rescheduled) in Dictionary(grouping: writes.rescheduled, by: { $0.app }) {
            try savePending(rescheduled.map { $0.pending }, for: app)
        }
        for (app, badge) in writes.badges {
            try saveBadge(badge, for: app)
        }
        for (app, keys) in Dictionary(grouping: writes.finished, by: { $0.app }) {
            _ = try deletePending(app, identifiers: keys.map { $0.identifier })
        }
        return replaced
    }

    package func savePending(_ batch: [PendingRequest], for app: AppIdentifier) throws {
        for pending in batch {
            try savePending(pending, for: app)
        }
    }

    /// Adds one delivery to the outbox.
    package func addToOutbox(_ id: DeliveryID) throws {
        try addToOutbox([id])
    }

    /// Inserts a delivery, encoding its request; returns the deliveries it
    /// unlisted. See ``saveDeliveries(_:requests:)``.
    @discardableResult
    package func saveDelivery(_ delivery: StoredDelivery) throws -> [DeliveryID] {
        try saveDeliveries([delivery], requests: .own).map(\.id)
    }
}

/// A store: runs transactions. Writes are serialized; a write that throws is
/// rolled back where the store can (SQLite) — the engine validates before writing
/// so that the in-memory store never needs to.
package protocol NotificationStore: Sendable {
    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T
    func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T
}
