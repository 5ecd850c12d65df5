import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
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
    /// add changes nothing while the others go ahead. The decisions are the
    /// ``AddingFlow``'s; `pendingChanged` is emitted once per app that changed,
    /// after the commit. A group of one (an `add` call) is refused as a whole,
    /// its transaction rolled back.
    package func addEach(_ adds: [GroupedAdd]) -> [Result<AddResult, any Error>] {
        addEach(adds, origin: .app)
    }

    /// ``addEach(_:)`` for adds made by the apps or by a push.
    func addEach(_ adds: [GroupedAdd], origin: EngineCore.AddOrigin) -> [Result<AddResult, any Error>] {
        followSystemTimeZone()
        var flow = AddingFlow(adds.map { ($0.requests, $0.app) }, origin: origin)
        // The attachments' bytes are stored before the requests are committed; a
        // crash in between leaves files that the next sweep removes.
        importAttachments(into: &flow)
        defer { releaseAttachments(flow.pinned, committed: !flow.refusedAny) }
        let after = scheduling.withLock { scheduling in
            do {
                let started = AddingFlow.Event.started(now: scheduler.now, cachesRecords: coordination.cachesAppRecords)
                return try run(started, of: &flow, in: &scheduling)
            } catch {
                logger.error("the adding flow failed: \(error)")
                return []
            }
        }
        for action in after {
            switch action {
            case .emitPendingChanged(let app): emit(.pendingChanged(app: app))
            case .sweepAttachments: sweepAttachments()
            case .fireDue: fireDue()
            case .retryAlone(let index):
                let alone = GroupedAdd(flow.adds[index].requests, for: flow.adds[index].app)
                flow.results[index] = addEach([alone], origin: flow.origin)[0]
            default: logger.error("the adding flow asked for \(action) after the lock")
            }
        }
        return flow.results.map { $0 ?? .failure(NotificationError(.storeFailure, "the add was not made")) }
    }

    private func importAttachments(into flow: inout AddingFlow) {
        for index in flow.adds.indices {
            do {
                let imported = try importAttachments(flow.adds[index].requests)
                flow.adds[index].requests = imported.requests
                flow.pinned += imported.pinned
            } catch {
                flow.refuse(index, error)
            }
        }
    }

    /// The transaction an action of the adding flow runs in, if any.
    private typealias InTransaction = (transaction: any StoreTransaction, coordinator: TransactionCoordinator)

    /// Runs the flow from `event` under the `scheduling` lock, feeding it what
    /// each action read or committed, until it asks for nothing more; returns
    /// the actions for after the lock. In `writing`'s transaction, it runs the
    /// reads and writes; a lone add's refusal, thrown, rolls it back.
    private func run(
        _ event: AddingFlow.Event, of flow: inout AddingFlow, in scheduling: inout Scheduling,
        writing: InTransaction? = nil
    ) throws -> [AddingFlow.Action] {
        var queue = try flow.handle(event, core: &scheduling.core)[...]
        var after: [AddingFlow.Action] = []
        while let action = queue.popFirst() {
            if let read = try perform(action, of: &flow, in: &scheduling, writing: writing, after: &after) {
                queue += try flow.handle(read, core: &scheduling.core)
            }
        }
        return after
    }

    /// Runs one action of the flow under the `scheduling` lock, and returns
    /// what it read for the flow, if anything; keeps in `after` those for after
    /// the lock.
    private func perform(
        _ action: AddingFlow.Action, of flow: inout AddingFlow, in scheduling: inout Scheduling,
        writing: InTransaction?, after: inout [AddingFlow.Action]
    ) throws -> AddingFlow.Event? {
        switch action {
        case .readRecord(let app):
            return .recordRead(Result { try record(app, in: &scheduling) })
        case .write(let apps):
            guard writing == nil else { throw NotificationError(.storeFailure, "the adding flow began a transaction in one") }
            return transact(locking: apps, of: &flow, in: &scheduling)
        case .readPendingCount(let app, let cached, let isLimited):
            let coordinator = try within(writing, action).coordinator
            return .pendingCountRead(try coordinator.pendingCount(of: app, cached: cached, isLimited: isLimited))
        case .readReplaced(let app, let identifiers):
            let transaction = try within(writing, action).transaction
            return .replacedRead(Array(try transaction.pendingIdentifiers(app, among: identifiers)))
        case .readLocationIdentifiers(let app):
            return .locationIdentifiersRead(try within(writing, action).transaction.locationIdentifiers(app))
        case .readLatest(let app, let limit):
            return .latestRead(try within(writing, action).transaction.latestPending(app, limit: limit))
        case .readAttachmentReferences(let app):
            return .attachmentReferencesRead(try within(writing, action).transaction.attachmentReferences(app))
        case .save(let plan, let app):
            try save(plan, for: app, in: within(writing, action).transaction)
        case .announce(let date):
            try within(writing, action).coordinator.announce(CollectionOfOne(date))
        case .notePendingChanged:
            pendingChanged()
        case .armTimer:
            armTimer(&scheduling)
        case .emitPendingChanged, .sweepAttachments, .fireDue, .retryAlone:
            after.append(action)
        }
        return nil
    }

    /// The group's transaction, the flow running in it: ``AddingFlow/Event/committed``
    /// once it commits, ``AddingFlow/Event/failed(_:)`` if it fails.
    private func transact(
        locking apps: [AppIdentifier], of flow: inout AddingFlow, in scheduling: inout Scheduling
    ) -> AddingFlow.Event {
        do {
            _ = try write(lockingRecordsOf: apps) { transaction, coordinator, locked in
                try run(.locked(locked), of: &flow, in: &scheduling, writing: (transaction, coordinator))
            }
            return .committed
        } catch {
            return .failed(error)
        }
    }

    private func within(_ writing: InTransaction?, _ action: AddingFlow.Action) throws -> InTransaction {
        guard let writing else {
            throw NotificationError(.storeFailure, "the adding flow asked for \(action) outside its transaction")
        }
        return writing
    }

    private func save(_ plan: EngineCore.AddPlan, for app: AppIdentifier, in transaction: any StoreTransaction) throws {
        try transaction.deletePending(app, identifiers: plan.evicted.map { $0.request.identifier })
        try transaction.savePending(plan.items, for: app)
    }
}
