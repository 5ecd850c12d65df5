import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    typealias AddPlan = EngineCore.AddPlan

    func addNow(_ requests: [NotificationRequest], for app: AppIdentifier) throws -> AddResult {
        followSystemTimeZone()
        // The attachments' bytes are stored before the request is committed; a
        // crash in between leaves files that the next sweep removes.
        let (requests, pinned) = try importAttachments(requests)
        var committed = false
        defer { releaseAttachments(pinned, committed: committed) }
        let (result, firesNow, freed) = try scheduling.withLock { scheduling in
            let now = scheduler.now
            try Validator.validateApp(app)
            // With a shared store the app's record comes with its lock, in the transaction.
            let known = sharedStore == nil ? [app: try record(app, in: &scheduling)] : [:]
            let core = scheduling.core
            let (items, plan) = try write(lockingRecordsOf: [app]) { transaction, locked in
                let record = try Self.record(app, in: locked ?? known)
                let items = try core.pendingItems(for: requests, of: app, record: record, now: now)
                let count = try pendingCount(of: app, in: transaction, core: core)
                let plan = try self.plan(items, for: app, count: count, core: core, in: transaction)
                try self.apply(plan, for: app, in: transaction)
                try announce(items.map(\.nextFireDate), in: transaction)
                return (items, plan)
            }
            scheduling.core.committed(plan, for: app)
            pendingChanged()
            armTimer(&scheduling)
            let firesNow = items.contains { $0.nextFireDate.map { $0 <= now } ?? false }
            let freed = !plan.evicted.isEmpty || !plan.replaced.isEmpty
            return (AddResult(evictedIdentifiers: plan.evicted.map { $0.request.identifier }), firesNow, freed)
        }
        committed = true
        emit(.pendingChanged(app: app))
        if freed { sweepAttachments() }
        if firesNow { fireDue() }
        return result
    }

    /// The app's record among those read for a transaction.
    static func record(_ app: AppIdentifier, in records: [AppIdentifier: AppRecord]) throws -> AppRecord {
        guard let record = records[app] else {
            throw NotificationError(.storeFailure, "the record of \(app) was not read")
        }
        return record
    }

    /// The core's plan for adding `items` to the app's `count` pending requests,
    /// with what it needs read from the transaction: the identifiers replaced,
    /// if the limit overflows the app's latest-firing requests, and if `items`
    /// carry attachments those the app holds (the plan must keep it within its
    /// attachment bytes).
    func plan(
        _ items: [PendingRequest], for app: AppIdentifier, count: Int, core: EngineCore,
        in transaction: any StoreTransaction
    ) throws -> AddPlan {
        let replaced = try Array(transaction.pendingIdentifiers(app, among: items.map { $0.request.identifier }))
        let overflow = core.overflow(adding: items, count: count, replaced: replaced)
        let latest = overflow > 0 ? try transaction.latestPending(app, limit: overflow + replaced.count) : []
        let plan = try core.plan(items, for: app, count: count, replaced: replaced, latest: latest)
        if EngineCore.carriesAttachments(items) {
            try core.checkAttachmentQuota(plan, for: app, holding: transaction.attachmentReferences(app))
        }
        return plan
    }

    func apply(_ plan: AddPlan, for app: AppIdentifier, in transaction: any StoreTransaction) throws {
        try transaction.deletePending(app, identifiers: plan.evicted.map { $0.request.identifier })
        try transaction.savePending(plan.items, for: app)
    }

    func pendingNow(for app: AppIdentifier) throws -> [PendingRequest] {
        try Validator.validateApp(app)
        return try read { try $0.pendingRequests(app) }.map { pending in
            var pending = pending
            pending.request = withStoreURLs(pending.request)
            return pending
        }
    }

    /// A number that changes whenever any app's pending requests change: added,
    /// replaced, evicted, removed, fired or rescheduled. Equal numbers mean equal
    /// lists, so a caller may keep something derived from a list (its JSON) for as
    /// long as the number stays the same.
    ///
    /// With a shared store, other engines change lists without telling, so every
    /// look gives a new number.
    package var pendingVersion: UInt64 {
        if sharedStore != nil { return pendingChanges.add(1, ordering: .sequentiallyConsistent).newValue }
        return pendingChanges.load(ordering: .sequentiallyConsistent)
    }

    /// The app's pending requests as ``pendingRequests(for:)`` lists them, with the
    /// ``pendingVersion`` they are the list of.
    ///
    /// Every change of pending requests commits, then moves the version, under
    /// the `scheduling` lock, so an unchanged version before and after the read
    /// means the read saw that version's list (or a newer one, whose version is
    /// then already on its way). A read that a change overlapped is made again,
    /// the second time under the lock.
    package func versionedPendingRequests(for app: AppIdentifier) throws -> (requests: [PendingRequest], version: UInt64) {
        try Validator.validateApp(app)
        if sharedStore != nil { return (try read { try $0.pendingRequests(app) }, pendingVersion) }
        let before = pendingVersion
        let requests = try read { try $0.pendingRequests(app) }
        if pendingVersion == before { return (requests, before) }
        return try scheduling.withLock { _ in
            (try read { try $0.pendingRequests(app) }, pendingVersion)
        }
    }

    func removePendingNow(_ identifiers: [String], for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let identifiers = identifiers.map(\.canonical)
        try scheduling.withLock { scheduling in
            let removed = try write { try $0.deletePending(app, identifiers: identifiers) }
            scheduling.core.removed(identifiers, count: removed, of: app)
            pendingChanged()
            refillIfNeeded(&scheduling)
        }
        emit(.pendingChanged(app: app))
        sweepAttachments()
    }

    func removeAllPendingNow(for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        try scheduling.withLock { scheduling in
            _ = try write { try $0.deleteAllPending(app) }
            scheduling.core.removedAll(of: app)
            pendingChanged()
            refillIfNeeded(&scheduling)
        }
        emit(.pendingChanged(app: app))
        sweepAttachments()
    }
}
