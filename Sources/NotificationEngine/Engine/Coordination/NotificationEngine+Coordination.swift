import Foundation
import Logging
import Signals
import Synchronization

/// Working beside other engines on one store (``EngineCoordination``, several
/// Herald nodes on one PostgreSQL database): every transaction that must keep
/// the store's writers in step goes through here. With a store of one writer
/// (in memory, SQLite) the coordinator does nothing.
extension NotificationEngine {
    /// The PostgreSQL store, for the daemon's own records beside the engine's
    /// (in its schema, through its connections); `nil` on any other store.
    package var postgresStore: PostgresStore? {
        store as? PostgresStore
    }

    /// How soon an engine looks again at due rows another engine held when it
    /// tried to claim them: if that engine dies before it commits, this one
    /// delivers them.
    static let claimRecheckDelay: TimeInterval = 0.25

    /// How soon an engine looks again at due rows of apps another engine held
    /// when it tried to lock them for firing: that engine was most likely firing
    /// them, and commits within milliseconds.
    static let appLockRecheckDelay: TimeInterval = 0.01

    /// After this many firing transactions in a row that found an app held (held
    /// off 10, 20, 40 and 80 ms in turn), the next waits for the apps' locks: an
    /// app whose rows are changed without pause (a stream of adds) is still fired.
    static let appLockSkipsBeforeWaiting = 4

    /// Runs `body` in a write transaction with its ``TransactionCoordinator``,
    /// turning any error into a ``NotificationError``.
    func coordinatedWrite<T>(_ body: (any StoreTransaction, TransactionCoordinator) throws -> T) throws -> T {
        switch coordination {
        case .singleWriter:
            try write { try body($0, .singleWriter) }
        case .coordinated(let store):
            try counted { try store.coordinatedWrite { try body($0, .coordinated($0)) } }
        }
    }

    /// Runs `body` in a write transaction that first locks `apps` when other
    /// engines write the store, so that their changes of those apps wait, always
    /// in the same order (no deadlocks): every transaction that changes an app's
    /// rows in more than one statement goes through here.
    func write<T>(locking apps: some Sequence<AppIdentifier>, _ body: (any StoreTransaction) throws -> T) throws -> T {
        try coordinatedWrite { transaction, coordinator in
            try coordinator.lockApps(apps)
            return try body(transaction)
        }
    }

    /// Runs `body` in a write transaction as ``write(locking:_:)`` does, handing it
    /// the coordinator and the locked apps' records when other engines write the
    /// store (read with their locks, in the same statement), `nil` otherwise.
    func write<T>(
        lockingRecordsOf apps: some Sequence<AppIdentifier>,
        _ body: (any StoreTransaction, TransactionCoordinator, [AppIdentifier: AppRecord]?) throws -> T
    ) throws -> T {
        try coordinatedWrite { transaction, coordinator in
            try body(transaction, coordinator, try coordinator.lockApps(apps))
        }
    }

    /// Starts hearing from the other engines.
    func startCoordinating() {
        guard case .coordinated(let store) = coordination else { return }
        store.startCoordinating { [weak self] signal in self?.received(signal) }
    }

    /// Notes a signal and has the scheduler handle what came in, once for all
    /// signals that arrive before it does.
    private func received(_ signal: CoordinationSignal) {
        let schedule = state.withLock { state in
            switch signal {
            case .dueChanged(let date?):
                state.sharing.dueChanged = true
                state.sharing.earliestDue = min(state.sharing.earliestDue ?? date, date)
            case .dueChanged(nil):
                state.sharing.dueChanged = true
                state.sharing.dueUnknown = true
            case .outboxAbandoned:
                state.sharing.outboxAbandoned = true
            }
            defer { state.sharing.isScheduled = true }
            return !state.sharing.isScheduled
        }
        if schedule {
            scheduler.schedule { [weak self] in self?.handleSignals() }
        }
    }

    private func handleSignals() {
        let signals = state.withLock { state in
            defer { state.sharing = EngineState.SharingSignals() }
            return state.sharing
        }
        if signals.dueChanged {
            scheduling.withLock { scheduling in
                let date = signals.dueUnknown ? nil : signals.earliestDue
                if scheduling.core.windowMayMiss(date) { reload(&scheduling) }
            }
            fireDue()
        }
        if signals.outboxAbandoned {
            takeOverAbandonedOutbox()
        }
    }

    /// Forgets the window and the timer, so that the next look reads the store.
    func reload(_ scheduling: inout Scheduling) {
        scheduling.core.invalidateWindow()
        scheduling.timer?.dispose()
        scheduling.timer = nil
        scheduling.timerDate = nil
    }

    /// Presents, with their delivery identifiers, the outbox entries of engines
    /// that stopped renewing their lease (killed while firing), now this one's.
    func takeOverAbandonedOutbox() {
        do {
            let deliveries = try coordinatedWrite { _, coordinator in try coordinator.claimAbandonedOutbox() }
            guard !deliveries.isEmpty else { return }
            logger.notice("handing \(deliveries.count) deliveries another node left in the outbox to the presenters")
            var flow = FiringFlow(.outbox, timing: firingTiming)
            drive(&flow) { _ in .outboxTakenOver(deliveries) }
        } catch {
            logger.error("taking over abandoned outbox entries failed: \(error)")
        }
    }
}

extension EngineState {
    /// Signals from the other engines not handled yet.
    struct SharingSignals {
        var isScheduled = false
        var dueChanged = false
        var dueUnknown = false
        var earliestDue: Date?
        var outboxAbandoned = false
    }
}
