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
        var group = AddingFlow(adds.map { ($0.requests, $0.app) })
        // The attachments' bytes are stored before the requests are committed; a
        // crash in between leaves files that the next sweep removes.
        importAttachments(into: &group)
        defer { releaseAttachments(group.pinned, committed: !group.refusedAny) }
        let actions = scheduling.withLock { commit(&group, in: &$0) }
        for action in actions {
            switch action {
            case .emitPendingChanged(let app): emit(.pendingChanged(app: app))
            case .sweepAttachments: sweepAttachments()
            case .fireDue: fireDue()
            case .retryAlone(let index):
                group.results[index] = Result { try addNow(group.adds[index].requests, for: group.adds[index].app) }
            }
        }
        return group.results.map { $0 ?? .failure(NotificationError(.storeFailure, "the add was not made")) }
    }

    private func importAttachments(into group: inout AddingFlow) {
        for index in group.adds.indices {
            do {
                let imported = try importAttachments(group.adds[index].requests)
                group.adds[index].requests = imported.requests
                group.pinned += imported.pinned
            } catch {
                group.refuse(index, error)
            }
        }
    }

    /// Plans and writes the group's adds in one transaction, reports the commit
    /// to the core, and returns what the flow says to do after the lock.
    private func commit(_ group: inout AddingFlow, in scheduling: inout Scheduling) -> [AddingFlow.Action] {
        let now = scheduler.now
        let (candidates, known) = candidates(of: &group, in: &scheduling)
        guard !candidates.isEmpty else { return [] }
        let core = scheduling.core
        do {
            let planned = try write(lockingRecordsOf: candidates.map(\.app)) { transaction, coordinator, locked in
                try plan(
                    candidates, of: &group, records: locked ?? known, now: now, core: core,
                    in: transaction, coordinator: coordinator)
            }
            for add in planned {
                scheduling.core.committed(add.plan, for: add.app)
            }
            if !planned.isEmpty { pendingChanged() }
            armTimer(&scheduling)
            return group.handle(.committed(planned, now: now))
        } catch {
            return group.handle(.failed(candidates: candidates.map(\.index), error: error))
        }
    }

    /// The adds not refused yet whose app is valid, and, with a single writer,
    /// their apps' records (with other writers they come with the apps' locks,
    /// in the transaction).
    private func candidates(
        of group: inout AddingFlow, in scheduling: inout Scheduling
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
                group.refuse(index, error)
            }
        }
        return (candidates, known)
    }

    /// Plans and writes each candidate add in the transaction, each seeing the
    /// ones before it. A refused add of a group of several is noted and the
    /// others go ahead; a lone add's refusal rolls the transaction back.
    private func plan(
        _ candidates: [(index: Int, app: AppIdentifier)], of group: inout AddingFlow,
        records: [AppIdentifier: AppRecord], now: Date, core: EngineCore,
        in transaction: any StoreTransaction, coordinator: TransactionCoordinator
    ) throws -> [AddingFlow.Planned] {
        var counts: [AppIdentifier: Int] = [:]
        var plans: [AddingFlow.Planned] = []
        let isLone = group.isLone
        for (index, app) in candidates {
            let record = try Self.record(app, in: records)
            let items: [PendingRequest]
            do {
                // Validation and authorization: no store access, so no store error.
                items = try core.pendingItems(for: group.adds[index].requests, of: app, record: record, now: now)
            } catch where !isLone {
                group.refuse(index, error)
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
                group.refuse(index, error)
                continue
            }
            try apply(plan, for: app, in: transaction)
            counts[app] = count + plan.countChange
            plans.append(AddingFlow.Planned(index: index, app: app, plan: plan))
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
