import Foundation
import Logging
import Signals
import Synchronization

/// Working beside other engines on one shared store (``SharedNotificationStore``,
/// several Herald nodes on one PostgreSQL database). With a store of one writer
/// (in memory, SQLite) none of this runs.
extension NotificationEngine {
    /// The PostgreSQL store, for the daemon's own records beside the engine's
    /// (in its schema, through its connections); `nil` on any other store.
    package var postgresStore: PostgresStore? {
        store as? PostgresStore
    }

    /// The store, if other engines write it too.
    var sharedStore: (any SharedNotificationStore)? {
        store as? any SharedNotificationStore
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

    /// Runs `body` in a write transaction that first locks `apps` when the store
    /// is shared, so that other engines' changes of those apps wait, always in the
    /// same order (no deadlocks): every transaction that changes an app's rows in
    /// more than one statement goes through here.
    func write<T>(locking apps: some Sequence<AppIdentifier>, _ body: (any StoreTransaction) throws -> T) throws -> T {
        try write { transaction in
            if let shared = transaction as? any SharedStoreTransaction {
                try shared.lockApps(Set(apps).sorted())
            }
            return try body(transaction)
        }
    }

    /// Runs `body` in a write transaction as ``write(locking:_:)`` does, handing it
    /// the locked apps' records when the store is shared (read with their locks, in
    /// the same statement), `nil` otherwise.
    func write<T>(
        lockingRecordsOf apps: some Sequence<AppIdentifier>,
        _ body: (any StoreTransaction, [AppIdentifier: AppRecord]?) throws -> T
    ) throws -> T {
        try write { transaction in
            guard let shared = transaction as? any SharedStoreTransaction else { return try body(transaction, nil) }
            let locked = try shared.lockApps(Set(apps).sorted())
            return try body(transaction, locked.mapValues(AppRecord.init))
        }
    }

    /// The app's pending count an add is planned against: the store's when it is
    /// shared (the app is locked), the engine's own count otherwise. Without a
    /// pending limit no count can matter, and none is made: counting an app's
    /// rows costs as many as it has.
    func pendingCount(of app: AppIdentifier, in transaction: any StoreTransaction, core: EngineCore) throws -> Int {
        if let shared = transaction as? any SharedStoreTransaction {
            guard configuration.pendingLimitPerApp < .max else { return 0 }
            return try shared.pendingCount(app)
        }
        return core.pendingCounts[app] ?? 0
    }

    /// Tells the other engines, when the transaction commits, of the earliest of
    /// these fire dates.
    func announce(_ dates: some Sequence<Date?>, in transaction: any StoreTransaction) throws {
        guard let shared = transaction as? any SharedStoreTransaction,
            let earliest = dates.compactMap({ $0 }).min()
        else { return }
        try shared.announceDue(earliest)
    }

    /// Starts hearing from the other engines.
    func startSharing() {
        sharedStore?.startSharing { [weak self] signal in self?.received(signal) }
    }

    /// Notes a signal and has the scheduler handle what came in, once for all
    /// signals that arrive before it does.
    private func received(_ signal: SharedStoreSignal) {
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

    /// After firing found apps another engine held: puts their `items` back and
    /// leaves those apps alone for a while, `delay` at first (that engine is most
    /// likely firing the same rows); other apps fire on time meanwhile.
    func recheckApps(_ scheduling: inout Scheduling, items: [FireItem], now: Date, after delay: TimeInterval) {
        armUnlessSooner(&scheduling, at: scheduling.core.hold(items, now: now, delay: delay))
    }

    /// After a claim found fewer rows than it asked for (with the apps locked,
    /// another engine fired or removed them, or holds them): keeps the window,
    /// and reads the store again `delay` later, for rows an engine that failed
    /// before it committed left behind.
    func recheckClaims(_ scheduling: inout Scheduling, now: Date, after delay: TimeInterval) {
        let date = now.addingTimeInterval(delay)
        scheduling.core.reload(by: date)
        armUnlessSooner(&scheduling, at: date)
    }

    private func armUnlessSooner(_ scheduling: inout Scheduling, at date: Date) {
        if let armed = scheduling.timerDate, scheduling.timer != nil, armed <= date { return }
        arm(&scheduling, at: date)
    }

    /// Presents, with their delivery identifiers, the outbox entries of engines
    /// that stopped renewing their lease (killed while firing), now this one's.
    func takeOverAbandonedOutbox() {
        do {
            let deliveries = try write { transaction in
                try (transaction as? any SharedStoreTransaction)?.claimAbandonedOutbox() ?? []
            }
            guard !deliveries.isEmpty else { return }
            logger.notice("handing \(deliveries.count) deliveries another node left in the outbox to the presenters")
            clearOutbox(present(Firing(deliveries: deliveries)))
        } catch {
            logger.error("taking over abandoned outbox entries failed: \(error)")
        }
    }
}

extension EngineState {
    /// Signals from a shared store not handled yet.
    struct SharingSignals {
        var isScheduled = false
        var dueChanged = false
        var dueUnknown = false
        var earliestDue: Date?
        var outboxAbandoned = false
    }
}
