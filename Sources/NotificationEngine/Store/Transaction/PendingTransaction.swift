/// A transaction's pending requests: the requests of each app waiting for their
/// triggers, and the due queue over all apps.
package protocol PendingTransaction {
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
    /// order (of two with one identifier, the later wins).
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
    /// The identifiers of the app's pending requests with a location trigger.
    func locationIdentifiers(_ app: AppIdentifier) throws -> Set<String>
}

extension PendingTransaction {
    /// The `limit` soonest due entries of all apps, in due-queue order.
    package func soonestDue(limit: Int) throws -> [DueEntry] {
        try soonestDue(limit: limit, after: nil)
    }

    package func savePending(_ batch: [PendingRequest], for app: AppIdentifier) throws {
        for pending in batch {
            try savePending(pending, for: app)
        }
    }
}
