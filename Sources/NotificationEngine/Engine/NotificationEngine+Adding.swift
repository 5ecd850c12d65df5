import Foundation
import Signals
import Synchronization

extension NotificationEngine {
    typealias AddPlan = EngineCore.AddPlan

    /// One add handed to ``addEach(_:)``: what one `add` call adds.
    package struct GroupedAdd: Sendable {
        package var requests: [NotificationRequest]
        package var app: AppIdentifier

        package init(_ requests: [NotificationRequest], for app: AppIdentifier) {
            self.requests = requests
            self.app = app
        }
    }

    /// Adds `requests` for the app: the one add path, for a group of one.
    func addNow(_ requests: [NotificationRequest], for app: AppIdentifier) throws -> AddResult {
        try addEach([GroupedAdd(requests, for: app)])[0].get()
    }

    /// Makes several independent adds, in order, in one store transaction (group
    /// commit): each gets the result or the error that `add(_:for:)` would have given
    /// it had the adds been made one after the other in this order, and a refused
    /// add changes nothing while the others go ahead.
    ///
    /// Each add is validated, authorized and planned against the pending limit as a
    /// single `add` is, seeing the adds before it in the group: of two adds with the
    /// same identifier the later replaces the earlier, and an add may evict what an
    /// earlier one of the group added. `pendingChanged` is emitted once per app that
    /// changed, after the commit. Should the transaction of a group of several fail,
    /// nothing of it is written and each add is made again on its own, so a store
    /// failure also reaches only the adds it concerns; a group of one (an `add`
    /// call) is refused as a whole, its transaction rolled back.
    package func addEach(_ adds: [GroupedAdd]) -> [Result<AddResult, any Error>] {
        followSystemTimeZone()
        var group = AddingGroup(adds)
        // The attachments' bytes are stored before the requests are committed; a
        // crash in between leaves files that the next sweep removes.
        importAttachments(into: &group)
        defer { releaseAttachments(group.pinned, committed: !group.refusedAny) }
        let outcome = scheduling.withLock { commit(&group, in: &$0) }
        for app in outcome.changed {
            emit(.pendingChanged(app: app))
        }
        if outcome.freed { sweepAttachments() }
        if outcome.firesNow { fireDue() }
        for index in outcome.retry {
            group.results[index] = Result { try addNow(group.adds[index].requests, for: group.adds[index].app) }
        }
        return group.results.map { $0 ?? .failure(NotificationError(.storeFailure, "the add was not made")) }
    }

    private func importAttachments(into group: inout AddingGroup) {
        for index in group.adds.indices {
            do {
                let imported = try importAttachments(group.adds[index].requests)
                group.adds[index].requests = imported.requests
                group.pinned += imported.pinned
            } catch {
                group.results[index] = .failure(error)
            }
        }
    }

    /// Plans and writes the group's adds in one transaction, and reports the
    /// commit to the core; with the adds of a failed transaction to make again
    /// on their own.
    private func commit(_ group: inout AddingGroup, in scheduling: inout Scheduling) -> AddingGroup.Outcome {
        let now = scheduler.now
        let (candidates, known) = candidates(of: &group, in: &scheduling)
        guard !candidates.isEmpty else { return AddingGroup.Outcome() }
        let core = scheduling.core
        do {
            let plans = try write(lockingRecordsOf: candidates.map(\.app)) { transaction, coordinator, locked in
                try plan(
                    candidates, of: &group, records: locked ?? known, now: now, core: core,
                    in: transaction, coordinator: coordinator)
            }
            var outcome = AddingGroup.Outcome()
            for (index, app, plan) in plans {
                scheduling.core.committed(plan, for: app)
                group.results[index] = .success(AddResult(evictedIdentifiers: plan.evicted.map { $0.request.identifier }))
                outcome.note(plan, for: app, now: now)
            }
            if !plans.isEmpty { pendingChanged() }
            armTimer(&scheduling)
            return outcome
        } catch {
            guard group.adds.count > 1 else {
                group.results[candidates[0].index] = .failure(error)
                return AddingGroup.Outcome()
            }
            for (index, _) in candidates { group.results[index] = nil }
            return AddingGroup.Outcome(retry: candidates.map(\.index))
        }
    }

    /// The adds not refused yet whose app is valid, and, with a single writer,
    /// their apps' records (with other writers they come with the apps' locks,
    /// in the transaction).
    private func candidates(
        of group: inout AddingGroup, in scheduling: inout Scheduling
    ) -> (candidates: [(index: Int, app: AppIdentifier)], known: [AppIdentifier: AppRecord]) {
        var known: [AppIdentifier: AppRecord] = [:]
        var candidates: [(index: Int, app: AppIdentifier)] = []
        for (index, add) in group.adds.enumerated() where group.results[index] == nil {
            do {
                try Validator.validateApp(add.app)
                if coordination.cachesAppRecords, known[add.app] == nil {
                    known[add.app] = try record(add.app, in: &scheduling)
                }
                candidates.append((index, add.app))
            } catch {
                group.results[index] = .failure(error)
            }
        }
        return (candidates, known)
    }

    /// Plans and writes each candidate add in the transaction, each seeing the
    /// ones before it. A refused add of a group of several is noted and the
    /// others go ahead; a lone add's refusal rolls the transaction back.
    private func plan(
        _ candidates: [(index: Int, app: AppIdentifier)], of group: inout AddingGroup,
        records: [AppIdentifier: AppRecord], now: Date, core: EngineCore,
        in transaction: any StoreTransaction, coordinator: TransactionCoordinator
    ) throws -> [(index: Int, app: AppIdentifier, plan: AddPlan)] {
        var counts: [AppIdentifier: Int] = [:]
        var plans: [(index: Int, app: AppIdentifier, plan: AddPlan)] = []
        let isLone = group.adds.count == 1
        for (index, app) in candidates {
            let record = try Self.record(app, in: records)
            let items: [PendingRequest]
            do {
                // Validation and authorization: no store access, so no store error.
                items = try core.pendingItems(for: group.adds[index].requests, of: app, record: record, now: now)
            } catch where !isLone {
                group.results[index] = .failure(error)
                continue
            }
            let count = try counts[app] ?? coordinator.pendingCount(
                of: app, cached: core.pendingCounts[app] ?? 0, isLimited: configuration.pendingLimitPerApp < .max)
            let plan: AddPlan
            do {
                plan = try self.plan(items, for: app, count: count, core: core, in: transaction)
            } catch let error as NotificationError
                where !isLone && (error.code == .pendingLimitReached || error.code == .payloadTooLarge)
            {
                group.results[index] = .failure(error)
                continue
            }
            try apply(plan, for: app, in: transaction)
            counts[app] = count + plan.countChange
            plans.append((index, app, plan))
        }
        try coordinator.announce(plans.flatMap { $0.plan.items.map(\.nextFireDate) })
        return plans
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
}

/// A group of adds on its way through ``NotificationEngine/addEach(_:)``.
struct AddingGroup {
    var adds: [NotificationEngine.GroupedAdd]
    /// Each add's result, once it has one.
    var results: [Result<AddResult, any Error>?]
    /// The attachments the adds stored, pinned until the group is done.
    var pinned: [String] = []

    init(_ adds: [NotificationEngine.GroupedAdd]) {
        self.adds = adds
        results = Array(repeating: nil, count: adds.count)
    }

    var refusedAny: Bool {
        results.contains { result in
            if case .failure = result { true } else { false }
        }
    }

    /// What the engine does once the group's transaction is over.
    struct Outcome {
        /// The apps whose pending requests changed, in the order of their first add.
        var changed: [AppIdentifier] = []
        /// Whether requests were evicted or replaced (their attachments may be free).
        var freed = false
        /// Whether a request added is due now.
        var firesNow = false
        /// The adds to make again on their own, their group's transaction failed.
        var retry: [Int] = []

        mutating func note(_ plan: EngineCore.AddPlan, for app: AppIdentifier, now: Date) {
            freed = freed || !plan.evicted.isEmpty || !plan.replaced.isEmpty
            if !changed.contains(app) { changed.append(app) }
            firesNow = firesNow || plan.items.contains { $0.nextFireDate.map { $0 <= now } ?? false }
        }
    }
}
