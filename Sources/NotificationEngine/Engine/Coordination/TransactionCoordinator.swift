import Foundation

/// What one write transaction does to keep the store's writers in step, as the
/// engine's ``EngineCoordination`` has it: nothing with a single writer; with
/// several, the ``CoordinatedTransaction``'s locks, claims and announcements.
enum TransactionCoordinator {
    case singleWriter
    case coordinated(any CoordinatedTransaction)

    /// Locks the apps' rows until the transaction ends, always in the same
    /// order (no deadlocks), and returns their records as read with the locks;
    /// `nil` with a single writer, whose records are the engine's.
    @discardableResult
    func lockApps(_ apps: some Sequence<AppIdentifier>) throws -> [AppIdentifier: AppRecord]? {
        guard case .coordinated(let transaction) = self else { return nil }
        return try transaction.lockApps(Set(apps).sorted()).mapValues(AppRecord.init)
    }

    /// The app's pending count an add is planned against: `cached`, the
    /// engine's own, with a single writer; the store's otherwise (the app is
    /// locked). Without a pending limit no count can matter, and none is made:
    /// counting an app's rows costs as many as it has.
    func pendingCount(of app: AppIdentifier, cached: Int, isLimited: Bool) throws -> Int {
        guard case .coordinated(let transaction) = self else { return cached }
        guard isLimited else { return 0 }
        return try transaction.pendingCount(app)
    }

    /// Tells the other engines, when the transaction commits, of the earliest
    /// of these fire dates.
    func announce(_ dates: some Sequence<Date?>) throws {
        guard case .coordinated(let transaction) = self, let earliest = dates.compactMap({ $0 }).min() else { return }
        try transaction.announceDue(earliest)
    }

    /// Checks, in the transaction, that the delivery is still unanswered:
    /// another engine may have taken the answer since the engine read it (the
    /// app's lock orders them). With a single writer the engine's own read holds.
    func requireUnanswered(_ id: DeliveryID, of app: AppIdentifier, in transaction: any StoreTransaction) throws {
        guard case .coordinated = self, try transaction.delivery(id)?.isAnswered != false else { return }
        throw NotificationError(.deliveryNotFound, "\(app) has no unanswered delivery \(id)")
    }

    /// The outbox entries of engines that stopped renewing their lease, claimed
    /// for this one; none with a single writer, whose outbox is its own.
    func claimAbandonedOutbox() throws -> [Delivery] {
        guard case .coordinated(let transaction) = self else { return [] }
        return try transaction.claimAbandonedOutbox()
    }

    /// What a firing transaction fires from: `local`, read before it, with a
    /// single writer; otherwise the apps' records come with their locks and
    /// the rows with their claims. An app another engine holds is skipped, not
    /// waited for (unless `waitingForApps`): it is most likely firing these
    /// very rows (every engine's timer fires for them), and waiting would hold
    /// up this engine's next batch.
    func claim(
        _ items: [EngineCore.FireItem], waitingForApps: Bool, local: FiringClaim,
        decode: ([PendingRecord]) -> FiringClaim.Loaded
    ) throws -> FiringClaim {
        guard case .coordinated(let transaction) = self else { return local }
        let keys = items.map { (app: $0.app, identifier: $0.identifier) }
        let rows: [AppIdentifier: LockedAppRow]
        let claimed: [PendingRecord]
        if waitingForApps {
            rows = try transaction.lockApps(Set(items.map(\.app)).sorted())
            claimed = try transaction.claimPending(keys)
        } else {
            (rows, claimed) = try transaction.lockAppsSkippingLockedAndClaim(keys)
        }
        let skipped = items.filter { rows[$0.app] == nil }
        return FiringClaim(
            apps: rows.mapValues(AppRecord.init), loaded: decode(claimed), lockedApps: Array(rows.keys),
            skipped: skipped, claimedAll: claimed.count == items.count - skipped.count)
    }
}
