import Foundation
import Synchronization

/// The ``NotificationStoreKind/inMemory`` store: dictionaries under a mutex.
package final class InMemoryStore: NotificationStore {
    private let state = Mutex(InMemoryTransaction.State())

    package init() {}

    package func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try state.withLock { state in
            let transaction = InMemoryTransaction(state: state)
            state = InMemoryTransaction.State()
            defer { state = transaction.state }
            return try body(transaction)
        }
    }

    package func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try write(body)
    }
}

/// One transaction of the in-memory store, holding the state while it runs.
private final class InMemoryTransaction: StoreTransaction {
    struct App {
        private(set) var pending: [String: PendingRequest] = [:]
        /// Each dated pending request's next fire date, beside ``pending``: reading
        /// the due queue from here copies no request (a request is a large value,
        /// and copying each pending one per read of the window was a quarter of a
        /// 100,000-request burst).
        private(set) var dueDates: [String: Date] = [:]
        var preferences: AppNotificationPreferences?
        var badge = 0
        var categories: [NotificationCategory] = []

        mutating func save(_ request: PendingRequest) {
            pending[request.request.identifier] = request
            dueDates[request.request.identifier] = request.nextFireDate
        }

        mutating func remove(_ identifier: String) -> PendingRequest? {
            dueDates[identifier] = nil
            return pending.removeValue(forKey: identifier)
        }

        mutating func removeAllPending() {
            pending = [:]
            dueDates = [:]
        }
    }

    struct State {
        var apps: [AppIdentifier: App] = [:]
        var deliveries: [DeliveryID: StoredDelivery] = [:]
        /// Each app's listed delivery of each request identifier.
        var listed: [AppIdentifier: [String: DeliveryID]] = [:]
        /// Insertion order of the deliveries.
        var sequence: [DeliveryID: Int] = [:]
        /// The next delivery's place in ``sequence``; never reused, though deliveries are deleted.
        var nextSequence = 0
        var outbox: [DeliveryID] = []
        var responses: [(id: DeliveryID, response: NotificationResponse)] = []
        var scheduleTimeZone: String?
        /// The deliveries kept for a summary, with its date.
        var summary: [DeliveryID: Date] = [:]
        var quietSettings: String?
        var lastSummary: String?
    }

    var state: State

    init(state: State) {
        self.state = state
    }

    private static func pendingOrder(_ a: PendingRequest, _ b: PendingRequest) -> Bool {
        switch (a.nextFireDate, b.nextFireDate) {
        case let (x?, y?) where x != y: return x < y
        case (nil, _?): return false
        case (_?, nil): return true
        default:
            if a.addedDate != b.addedDate { return a.addedDate < b.addedDate }
            return a.request.identifier < b.request.identifier
        }
    }

    // MARK: Pending requests

    func pending(_ app: AppIdentifier, identifier: String) -> PendingRequest? {
        state.apps[app]?.pending[identifier]
    }

    func pendingRequests(_ app: AppIdentifier) -> [PendingRequest] {
        (state.apps[app]?.pending.values).map { $0.sorted(by: Self.pendingOrder) } ?? []
    }

    func pendingRecords(_ keys: [(app: AppIdentifier, identifier: String)]) -> [PendingRecord] {
        keys.compactMap { key in
            state.apps[key.app]?.pending[key.identifier].map { pending in
                PendingRecord(
                    app: key.app, identifier: key.identifier, nextFireDate: pending.nextFireDate,
                    addedDate: pending.addedDate, payload: .decoded(pending.request))
            }
        }
    }

    func pendingIdentifiers(_ app: AppIdentifier, among identifiers: [String]) -> Set<String> {
        Set(identifiers.filter { state.apps[app]?.pending[$0] != nil })
    }

    func latestPending(_ app: AppIdentifier, limit: Int) -> [PendingRequest] {
        Array(pendingRequests(app).reversed().prefix(limit))
    }

    func savePending(_ pending: PendingRequest, for app: AppIdentifier) {
        state.apps[app, default: App()].save(pending)
    }

    func deletePending(_ app: AppIdentifier, identifiers: [String]) -> Int {
        identifiers.reduce(0) { count, identifier in
            count + (state.apps[app]?.remove(identifier) == nil ? 0 : 1)
        }
    }

    func deleteAllPending(_ app: AppIdentifier) -> Int {
        defer { state.apps[app]?.removeAllPending() }
        return state.apps[app]?.pending.count ?? 0
    }

    func attachmentDigests() -> Set<String> {
        let pending = state.apps.values.flatMap { $0.pending.values.map(\.request) }
        let delivered = keptDeliveries { _ in true }.map(\.request)
        return Set((pending + delivered).flatMap { $0.content.attachments.map(\.digest) })
    }

    func attachmentReferences(_ app: AppIdentifier) -> AttachmentReferences {
        AttachmentReferences(
            pending: (state.apps[app]?.pending ?? [:]).compactMapValues { pending in
                let attachments = pending.request.content.attachments
                return attachments.isEmpty ? nil : attachments
            },
            delivered: keptDeliveries { $0 == app }.map(\.request.content.attachments).filter { !$0.isEmpty })
    }

    /// The deliveries of the apps `app` accepts whose attachments' bytes are kept:
    /// listed, in the outbox, or answered with a response not yet handled.
    private func keptDeliveries(of app: (AppIdentifier) -> Bool) -> [Delivery] {
        let kept = Set(state.outbox).union(state.responses.map(\.id))
        return state.deliveries.values
            .filter { app($0.delivery.app) && ($0.isListed || kept.contains($0.delivery.id)) }
            .map(\.delivery)
    }

    func pendingCounts() -> [AppIdentifier: Int] {
        state.apps.compactMapValues { $0.pending.isEmpty ? nil : $0.pending.count }
    }

    func soonestDue(limit: Int, after: DueEntry?) -> [DueEntry] {
        guard limit > 0 else { return [] }
        // The `limit` smallest in one pass. Candidates gather unsorted; when twice
        // `limit` have, they are sorted and cut back to `limit`, and the last kept is
        // the bar the rest must pass. A sorted insertion per candidate instead moved
        // half the list each time, many times over when many requests are due at one
        // date in no order.
        let gathered = limit < Int.max / 2 ? 2 * limit : Int.max
        var soonest: [DueEntry] = []
        soonest.reserveCapacity(min(gathered, 8_192))
        var bar: DueEntry?
        func cut() {
            soonest.sort { $0.comesBefore($1) }
            if soonest.count >= limit {
                soonest.removeLast(soonest.count - limit)
                bar = soonest.last
            }
        }
        for (app, record) in state.apps {
            for (identifier, date) in record.dueDates {
                let entry = DueEntry(app: app, identifier: identifier, date: date)
                if let after, !after.comesBefore(entry) { continue }
                if let bar, !entry.comesBefore(bar) { continue }
                soonest.append(entry)
                if soonest.count >= gathered { cut() }
            }
        }
        cut()
        return soonest
    }

    func locationIdentifiers(_ app: AppIdentifier) -> Set<String> {
        Set(
            (state.apps[app]?.pending.values ?? [:].values).compactMap { pending in
                if case .location = pending.request.trigger { pending.request.identifier } else { nil }
            })
    }

    func locationPending() -> [(AppIdentifier, PendingRequest)] {
        state.apps.sorted { $0.key < $1.key }.flatMap { app, record in
            record.pending.values.filter { pending in
                if case .location = pending.request.trigger { true } else { false }
            }
            .sorted(by: Self.pendingOrder)
            .map { (app, $0) }
        }
    }

    // MARK: Deliveries

    func saveDeliveries(_ batch: [StoredDelivery], requests: DeliveryRequests) -> [ReplacedDelivery] {
        batch.compactMap(save)
    }

    private func save(_ delivery: StoredDelivery) -> ReplacedDelivery? {
        let id = delivery.delivery.id
        let app = delivery.delivery.app
        let identifier = delivery.delivery.request.identifier
        let replaced = state.listed[app]?[identifier]
        if let replaced { state.deliveries[replaced]?.isListed = false }
        state.deliveries[id] = delivery
        if state.sequence[id] == nil {
            state.sequence[id] = state.nextSequence
            state.nextSequence += 1
        }
        state.listed[app, default: [:]][identifier] = delivery.isListed ? id : nil
        return replaced.map { ReplacedDelivery(app: app, id: $0) }
    }

    func delivery(_ id: DeliveryID) -> StoredDelivery? {
        state.deliveries[id]
    }

    func listedDeliveries(_ app: AppIdentifier) -> [Delivery] {
        // By date; insertion order among equal dates.
        (state.listed[app]?.values ?? [:].values)
            .compactMap { id in state.deliveries[id].map { ($0.delivery, state.sequence[id] ?? 0) } }
            .sorted { ($0.0.date, $0.1) < ($1.0.date, $1.1) }
            .map(\.0)
    }

    func unlistDeliveries(_ app: AppIdentifier, identifiers: [String]) {
        for identifier in identifiers {
            guard let id = state.listed[app]?.removeValue(forKey: identifier) else { continue }
            state.deliveries[id]?.isListed = false
        }
    }

    func unlistAllDeliveries(_ app: AppIdentifier) {
        unlistDeliveries(app, identifiers: Array(state.listed[app]?.keys ?? [:].keys))
    }

    func trimListedDeliveries(_ app: AppIdentifier, keeping limit: Int) -> [ReplacedDelivery] {
        let listed = listedDeliveries(app)
        guard listed.count > limit else { return [] }
        let trimmed = listed.prefix(listed.count - max(limit, 0))
        for delivery in trimmed {
            updateDelivery(delivery.id, isListed: false, isAnswered: state.deliveries[delivery.id]?.isAnswered ?? false)
        }
        return trimmed.map { ReplacedDelivery(app: app, id: $0.id) }
    }

    func pruneDeliveries(unlistedBefore date: Date) -> Int {
        let kept = Set(state.outbox).union(state.responses.map(\.id))
        let doomed = state.deliveries.filter { id, stored in
            !stored.isListed && stored.delivery.date < date && !kept.contains(id)
        }
        for id in doomed.keys {
            state.deliveries[id] = nil
            state.sequence[id] = nil
        }
        return doomed.count
    }

    func updateDelivery(_ id: DeliveryID, isListed: Bool, isAnswered: Bool) {
        guard let delivery = state.deliveries[id]?.delivery else { return }
        let app = delivery.app
        let identifier = delivery.request.identifier
        if isListed {
            state.listed[app, default: [:]][identifier] = id
        } else if state.listed[app]?[identifier] == id {
            state.listed[app]?[identifier] = nil
        }
        state.deliveries[id]?.isListed = isListed
        state.deliveries[id]?.isAnswered = isAnswered
    }

    // MARK: Outbox

    /// Each id is in the outbox once, however often it is added.
    func addToOutbox(_ ids: [DeliveryID]) {
        guard !ids.isEmpty else { return }
        var queued = Set(state.outbox)
        state.outbox.append(contentsOf: ids.filter { queued.insert($0).inserted })
    }

    func outbox() -> [Delivery] {
        state.outbox.compactMap { state.deliveries[$0]?.delivery }
    }

    func removeFromOutbox(_ ids: [DeliveryID]) {
        guard !ids.isEmpty else { return }
        let removed = Set(ids)
        state.outbox.removeAll { removed.contains($0) }
    }

    // MARK: Summary queue

    func holdForSummary(_ deliveries: [(id: DeliveryID, app: AppIdentifier)], until date: Date) {
        for delivery in deliveries where state.summary[delivery.id] == nil {
            state.summary[delivery.id] = date
        }
    }

    func takeSummary(through date: Date) -> [Delivery] {
        let taken = state.summary.filter { $0.value <= date }.keys
        taken.forEach { state.summary[$0] = nil }
        return taken.compactMap { state.deliveries[$0] }.filter(\.isListed)
            .sorted { state.sequence[$0.delivery.id, default: 0] < state.sequence[$1.delivery.id, default: 0] }
            .map(\.delivery)
    }

    func nextSummaryDate() -> Date? {
        state.summary.values.min()
    }

    func summaryHolds(_ app: AppIdentifier) -> [DeliveryID: Date] {
        state.summary.filter { id, _ in state.deliveries[id].map { $0.delivery.app == app && $0.isListed } ?? false }
    }

    // MARK: Responses

    func saveResponse(_ response: NotificationResponse) {
        state.responses.append((response.delivery.id, response))
    }

    func unhandledResponses(_ app: AppIdentifier) -> [NotificationResponse] {
        state.responses.filter { $0.response.delivery.app == app }.map(\.response)
    }

    func markResponseHandled(_ id: DeliveryID) {
        state.responses.removeAll { $0.id == id }
    }

    func removeResponse(_ id: DeliveryID, of app: AppIdentifier) -> Bool {
        let before = state.responses.count
        state.responses.removeAll { $0.id == id && $0.response.delivery.app == app }
        return state.responses.count < before
    }

    // MARK: Apps

    func preferences(_ app: AppIdentifier) -> AppNotificationPreferences? {
        state.apps[app]?.preferences
    }

    func savePreferences(_ preferences: AppNotificationPreferences, for app: AppIdentifier) {
        state.apps[app, default: App()].preferences = preferences
    }

    func badge(_ app: AppIdentifier) -> Int {
        state.apps[app]?.badge ?? 0
    }

    func saveBadge(_ badge: Int, for app: AppIdentifier) {
        state.apps[app, default: App()].badge = badge
    }

    func categories(_ app: AppIdentifier) -> [NotificationCategory] {
        state.apps[app]?.categories ?? []
    }

    func saveCategories(_ categories: [NotificationCategory], for app: AppIdentifier) {
        state.apps[app, default: App()].categories = categories
    }

    func apps() -> [AppIdentifier] {
        state.apps.keys.sorted()
    }

    func deleteApp(_ app: AppIdentifier) {
        state.apps[app] = nil
        state.listed[app] = nil
        let gone = Set(state.deliveries.filter { $0.value.delivery.app == app }.keys)
        for id in gone {
            state.deliveries[id] = nil
            state.sequence[id] = nil
        }
        state.outbox.removeAll { gone.contains($0) }
        gone.forEach { state.summary[$0] = nil }
        state.responses.removeAll { $0.response.delivery.app == app }
    }

    func scheduleTimeZone() -> String? {
        state.scheduleTimeZone
    }

    func saveScheduleTimeZone(_ identifier: String) {
        state.scheduleTimeZone = identifier
    }

    func quietSettings() -> String? {
        state.quietSettings
    }

    func saveQuietSettings(_ json: String) {
        state.quietSettings = json
    }

    func lastSummary() -> String? {
        state.lastSummary
    }

    func saveLastSummary(_ json: String) {
        state.lastSummary = json
    }
}
