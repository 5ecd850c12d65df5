import Foundation
import Signals
import Synchronization

extension NotificationEngine {
    /// One add of a group handed to ``addEach(_:)``: what one `add` call would add.
    package struct GroupedAdd: Sendable {
        package var requests: [NotificationRequest]
        package var app: AppIdentifier

        package init(_ requests: [NotificationRequest], for app: AppIdentifier) {
            self.requests = requests
            self.app = app
        }
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
    /// changed, after the commit. Should the group's transaction fail, nothing of it
    /// is written and each add is made again on its own, so a store failure also
    /// reaches only the adds it concerns.
    package func addEach(_ adds: [GroupedAdd]) -> [Result<AddResult, any Error>] {
        if adds.count == 1 {
            return [Result { try addNow(adds[0].requests, for: adds[0].app) }]
        }
        followSystemTimeZone()
        var results = [Result<AddResult, any Error>?](repeating: nil, count: adds.count)
        // Attachments' bytes are stored before the group commits (see `addNow`).
        var adds = adds
        var pinned: [String] = []
        defer {
            let refused = results.contains { result in
                if case .failure = result { true } else { false }
            }
            releaseAttachments(pinned, committed: !refused)
        }
        for index in adds.indices {
            do {
                let imported = try importAttachments(adds[index].requests)
                adds[index].requests = imported.requests
                pinned += imported.pinned
            } catch {
                results[index] = .failure(error)
            }
        }
        var freed = false
        var changed: [AppIdentifier] = []
        var firesNow = false
        var retry: [Int] = []
        scheduling.withLock { scheduling in
            let now = scheduler.now
            // Apps' records: read first with a store of one writer; with a shared
            // store they come with the apps' locks, in the transaction.
            var known: [AppIdentifier: AppRecord] = [:]
            var candidates: [(index: Int, app: AppIdentifier)] = []
            for (index, add) in adds.enumerated() where results[index] == nil {
                do {
                    try Validator.validateApp(add.app)
                    if sharedStore == nil, known[add.app] == nil {
                        known[add.app] = try record(add.app, in: &scheduling)
                    }
                    candidates.append((index, add.app))
                } catch {
                    results[index] = .failure(error)
                }
            }
            guard !candidates.isEmpty else { return }
            let core = scheduling.core
            do {
                let plans = try write(lockingRecordsOf: candidates.map(\.app)) { transaction, locked in
                    let records = locked ?? known
                    var counts: [AppIdentifier: Int] = [:]
                    var plans: [(index: Int, app: AppIdentifier, plan: AddPlan)] = []
                    for (index, app) in candidates {
                        let record = try Self.record(app, in: records)
                        let items: [PendingRequest]
                        do {
                            // Validation and authorization: no store access, so no store error.
                            items = try core.pendingItems(for: adds[index].requests, of: app, record: record, now: now)
                        } catch {
                            results[index] = .failure(error)
                            continue
                        }
                        let count = try counts[app] ?? pendingCount(of: app, in: transaction, core: core)
                        let plan: AddPlan
                        do {
                            plan = try self.plan(items, for: app, count: count, core: core, in: transaction)
                        } catch let error as NotificationError
                            where error.code == .pendingLimitReached || error.code == .payloadTooLarge
                        {
                            results[index] = .failure(error)
                            continue
                        }
                        try self.apply(plan, for: app, in: transaction)
                        counts[app] = count + plan.countChange
                        plans.append((index, app, plan))
                    }
                    try announce(plans.flatMap { $0.plan.items.map(\.nextFireDate) }, in: transaction)
                    return plans
                }
                for (index, app, plan) in plans {
                    scheduling.core.committed(plan, for: app)
                    results[index] = .success(AddResult(evictedIdentifiers: plan.evicted.map { $0.request.identifier }))
                    freed = freed || !plan.evicted.isEmpty || !plan.replaced.isEmpty
                    if !changed.contains(app) { changed.append(app) }
                    firesNow = firesNow || plan.items.contains { $0.nextFireDate.map { $0 <= now } ?? false }
                }
                if !plans.isEmpty { pendingChanged() }
                armTimer(&scheduling)
            } catch {
                for (index, _) in candidates { results[index] = nil }
                retry = candidates.map(\.index)
            }
        }
        for app in changed {
            emit(.pendingChanged(app: app))
        }
        if freed { sweepAttachments() }
        if firesNow { fireDue() }
        for index in retry {
            results[index] = Result { try addNow(adds[index].requests, for: adds[index].app) }
        }
        return results.map { $0 ?? .failure(NotificationError(.storeFailure, "the add was not made")) }
    }
}
