import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    typealias FireItem = EngineCore.FireItem
    typealias Firing = EngineCore.Firing

    /// The firing flow's timing, from the engine's rules and coordination.
    var firingTiming: FiringFlow.Timing {
        FiringFlow.Timing(
            readsAhead: coordination.readsDueRowsAhead, appLockRecheckDelay: Self.appLockRecheckDelay,
            claimRecheckDelay: Self.claimRecheckDelay, appLockSkipsBeforeWaiting: Self.appLockSkipsBeforeWaiting,
            retryDelay: Self.refillRetryDelay)
    }

    /// Fires everything due now, a window's worth per transaction, handing each
    /// committed batch to the presenters before the next; then arms the timer
    /// (``FiringFlow``).
    func fireDue() {
        var flow = FiringFlow(.due, timing: firingTiming)
        drive(&flow) { [scheduler] _ in .due(now: scheduler.now) }
    }

    /// What the runtime keeps while it drives a flow: the read of the next
    /// batch's rows (``FiringPrefetch``), what it read for this batch, and the
    /// actions left for after the lock.
    private struct FiringRun {
        var ahead: FiringPrefetch?
        var prefetched: FiringPrefetch.Taken?
        var outside: [FiringFlow.Action] = []
    }

    /// Runs `flow` from the event `start` makes until it asks for nothing more:
    /// each round under the `scheduling` lock, then what it leaves for after the
    /// lock (presenting, sweeping, clearing the outbox).
    func drive(_ flow: inout FiringFlow, from start: (inout Scheduling) -> FiringFlow.Event) {
        var run = FiringRun()
        var next: FiringFlow.Event?
        repeat {
            run.outside.removeAll(keepingCapacity: true)
            scheduling.withLock { scheduling in
                let event = next ?? start(&scheduling)
                runLocked(flow.handle(event, core: &scheduling.core), of: &flow, &run, in: &scheduling)
            }
            next = nil
            for action in run.outside {
                switch action {
                case .present(let firing): next = .presented(handedOver: present(firing))
                case .sweepAttachments(let firing): sweepAttachments(freedBy: firing)
                case .clearOutbox(let ids): clearOutbox(ids)
                default: logger.error("the firing flow asked for \(action) after the lock")
                }
            }
        } while next != nil
    }

    /// Runs the flow's actions under the `scheduling` lock, feeding it what each
    /// one read or committed; keeps in `run` those for after the lock.
    private func runLocked(
        _ actions: [FiringFlow.Action], of flow: inout FiringFlow, _ run: inout FiringRun,
        in scheduling: inout Scheduling
    ) {
        var queue = actions[...]
        while let action = queue.popFirst() {
            switch action {
            case .nextBatch:
                run.prefetched = run.ahead?.take(ifStoreWritesAre: storeWrites.load(ordering: .sequentiallyConsistent))
                run.ahead = nil
                queue += flow.handle(.due(now: scheduler.now), core: &scheduling.core)
            case .readWindow(let limit):
                queue += flow.handle(.windowRead(readWindow(limit: limit)), core: &scheduling.core)
            case .readAhead(let entry, let limit):
                let soonest = try? read { try $0.soonestDue(limit: limit, after: entry) }
                queue += flow.handle(.readAhead(soonest), core: &scheduling.core)
            case .prefetch(let keys):
                run.ahead = FiringPrefetch(keys: keys, writesAtStart: storeWrites.load(ordering: .sequentiallyConsistent)) {
                    [self] keys in try? decode(read { try $0.pendingRecords(keys) }, inParallel: false)
                }
            case .commit(let items, let waitingForApps):
                queue += commit(items, waitingForApps: waitingForApps, of: &flow, prefetched: run.prefetched, in: &scheduling)
                run.prefetched = nil
            case .logProblems(let problems): problems.forEach { logger.warning("\($0)") }
            case .notePendingChanged: pendingChanged()
            case .cacheBadges(let badges): cache(badges)
            case .prune(let cutoff): prune(before: cutoff, in: &scheduling)
            case .armTimer(let date): armTimer(at: date, in: &scheduling)
            case .rearm(let date): arm(&scheduling, at: date)
            case .present, .sweepAttachments, .clearOutbox: run.outside.append(action)
            case .save, .announce: logger.error("the firing flow asked for \(action) outside its transaction")
            }
        }
    }

    /// Commits the batch in one transaction, which claims its rows and saves
    /// what the flow decided from them, and returns the flow's next actions. On
    /// a store failure nothing is committed (the flow tries again later).
    ///
    /// The requests are read and decoded before the write transaction (in
    /// parallel for a large batch), or taken from `prefetched`, read while the
    /// batch before committed and checked to have seen no other write since; the
    /// `scheduling` lock, held throughout, keeps every other change of pending
    /// requests out in between. With other writers they are claimed in the
    /// transaction instead (``TransactionCoordinator/claim(_:waitingForApps:local:decode:)``);
    /// rows another engine holds are left to it, and looked at again shortly in
    /// case it never commits.
    private func commit(
        _ items: [FireItem], waitingForApps: Bool, of flow: inout FiringFlow, prefetched: FiringPrefetch.Taken?,
        in scheduling: inout Scheduling
    ) -> [FiringFlow.Action] {
        do {
            let local = try localClaim(items, prefetched: prefetched, in: &scheduling)
            let rules = scheduling.core.rules
            let firing = try coordinatedWrite { transaction, coordinator in
                let claim = try coordinator.claim(items, waitingForApps: waitingForApps, local: local) { decode($0) }
                let actions = flow.handle(.claimed(claim), core: &scheduling.core)
                return try saveBatch(actions, rules: rules, in: transaction, coordinator)
            }
            return flow.handle(.committed(firing), core: &scheduling.core)
        } catch {
            logger.error("firing \(items.count) requests failed, retrying in \(Self.refillRetryDelay) s: \(error)")
            return flow.handle(.commitFailed, core: &scheduling.core)
        }
    }

    /// Runs the flow's actions inside the batch's transaction; returns the batch
    /// as saved, with the deliveries it replaced.
    private func saveBatch(
        _ actions: [FiringFlow.Action], rules: EngineCore.Rules, in transaction: any StoreTransaction,
        _ coordinator: TransactionCoordinator
    ) throws -> Firing {
        var saved = Firing()
        for action in actions {
            switch action {
            case .save(var firing, let handedOver):
                try finishBatch(&firing, clearing: handedOver, rules: rules, in: transaction)
                saved = firing
            case .announce(let date):
                try coordinator.announce(CollectionOfOne(date))
            default:
                throw NotificationError(.storeFailure, "the firing flow asked for \(action) in its transaction")
            }
        }
        return saved
    }

    /// The cached records of the apps take the badges a batch committed.
    private func cache(_ badges: [AppIdentifier: Int]) {
        state.withLock { state in
            for (app, badge) in badges {
                state.updateApp(app) { $0.badge = badge }
            }
        }
    }

    /// What a batch fires from with a single writer: the apps' records (cached)
    /// and the items' rows, read before the write transaction; nothing with
    /// other writers, whose transaction claims them.
    private func localClaim(
        _ items: [FireItem], prefetched: FiringPrefetch.Taken?, in scheduling: inout Scheduling
    ) throws -> FiringClaim {
        guard coordination.readsDueRowsAhead else { return FiringClaim(apps: [:], loaded: [:]) }
        let apps = try Set(items.map(\.app)).reduce(into: [AppIdentifier: AppRecord]()) { records, app in
            records[app] = try record(app, in: &scheduling)
        }
        return FiringClaim(apps: apps, loaded: try load(items, prefetched: prefetched))
    }

    /// The pending records of the items and their decoded requests, read now
    /// unless `prefetched` has them (it may hold others, which firing does not
    /// look at); a record whose request cannot be decoded is logged and comes
    /// back with `nil`, so that firing removes it instead of failing on it for ever.
    private func load(_ items: [FireItem], prefetched: FiringPrefetch.Taken?) throws -> FiringPrefetch.Loaded {
        guard let prefetched else {
            return decode(try read { try $0.pendingRecords(items.map { ($0.app, $0.identifier) }) })
        }
        // Usually the very entries read ahead, in the same order.
        if prefetched.keys.count == items.count,
            zip(prefetched.keys, items).allSatisfy({ $0.app == $1.app && $0.identifier == $1.identifier })
        {
            return prefetched.loaded
        }
        let missing = items.filter { prefetched.loaded[RegionKey(app: $0.app, identifier: $0.identifier)] == nil }
        guard !missing.isEmpty else { return prefetched.loaded }
        var loaded = prefetched.loaded
        loaded.merge(decode(try read { try $0.pendingRecords(missing.map { ($0.app, $0.identifier) }) })) { _, read in read }
        return loaded
    }

    private func decode(_ records: [PendingRecord], inParallel: Bool = true) -> FiringPrefetch.Loaded {
        let requests = BatchDecoder.decode(records, inParallel: inParallel)
        var loaded: [RegionKey: (PendingRecord, NotificationRequest?)] = [:]
        for (record, request) in zip(records, requests) {
            let key = RegionKey(app: record.app, identifier: record.identifier)
            switch request {
            case .success(let request):
                loaded[key] = (record, request)
            case .failure(let error):
                logger.error("pending request \"\(record.identifier)\" of \(record.app) is unreadable; dropping it: \(error)")
                loaded[key] = (record, nil)
            }
        }
        return loaded
    }

    /// The batch's writes, in the same transaction, with `handedOver` taken out
    /// of the outbox: its deliveries (noting those they replace in the
    /// notification center) with their requests as read from the pending rows
    /// (``EngineCore/Firing/payloads``), and their outbox entries, the repeating
    /// requests' next fire dates, each app's last badge, its finished requests
    /// out of the pending ones.
    private func finishBatch(
        _ firing: inout Firing, clearing handedOver: [DeliveryID], rules: EngineCore.Rules,
        in transaction: any StoreTransaction
    ) throws {
        let writes = FiringWrites(
            handedOver: handedOver,
            deliveries: firing.deliveries.map { StoredDelivery(delivery: $0, isListed: true, isAnswered: false) },
            requests: firing.hasOwnRequests ? .own : .read(firing.payloads),
            rescheduled: firing.rescheduled.map { (app: $0.0, pending: $0.1) },
            badges: firing.badges,
            finished: firing.finished.map { (app: $0.app, identifier: $0.identifier) },
            listedLimit: rules.deliveredLimitPerApp)
        for replaced in try transaction.saveFiring(writes) {
            firing.replaced[replaced.app, default: []].append(replaced.id)
        }
    }

    /// How long the engine waits before reading the due queue again after it failed.
    static let refillRetryDelay: TimeInterval = 1

    /// Refills an empty window from the store when the store holds more, as
    /// the firing flow does before it takes what is due.
    func refillIfNeeded(_ scheduling: inout Scheduling) {
        let now = scheduler.now
        guard scheduling.core.needsRefill(at: now) else { return }
        let soonest = readWindow(limit: scheduling.core.window.refillLimit)
        scheduling.core.refillRead(soonest, at: now, retryAfter: Self.refillRetryDelay)
    }

    /// The store's `limit` soonest due entries; `nil` (logged) if they cannot be read.
    private func readWindow(limit: Int) -> [DueEntry]? {
        do {
            return try read { try $0.soonestDue(limit: limit) }
        } catch {
            logger.error("reading the due queue failed, trying again in \(Self.refillRetryDelay) s: \(error)")
            return nil
        }
    }

    /// Deletes the deliveries that left the notification center before
    /// `cutoff`, and sweeps the attachment store (the core says when: at most
    /// once a day).
    private func prune(before cutoff: Date, in scheduling: inout Scheduling) {
        do {
            let pruned = try write { try $0.pruneDeliveries(unlistedBefore: cutoff) }
            if pruned > 0 {
                logger.info("pruned \(pruned) deliveries that left the notification center before \(cutoff)")
            }
            sweepAttachments(in: &scheduling)
        } catch {
            logger.error("pruning old deliveries failed: \(error)")
        }
    }

    /// Sets the one timer for when the core says to wake; none when nothing is
    /// pending. A timer armed for sooner stays.
    func armTimer(_ scheduling: inout Scheduling) {
        armTimer(at: scheduling.core.wake(now: scheduler.now), in: &scheduling)
    }

    /// Sets the one timer for `wake`, unless it is armed for sooner; `nil`: none.
    func armTimer(at wake: Date?, in scheduling: inout Scheduling) {
        if let armed = scheduling.timerDate, scheduling.timer != nil, let wake, armed <= wake { return }
        scheduling.timer?.dispose()
        scheduling.timer = nil
        scheduling.timerDate = wake
        guard let wake else { return }
        scheduling.timer = scheduler.schedule(after: wake) { [weak self] in self?.timerFired() }
    }

    /// Re-arms the timer for `date`, replacing whatever it was armed for.
    func arm(_ scheduling: inout Scheduling, at date: Date) {
        scheduling.timer?.dispose()
        scheduling.timerDate = date
        scheduling.timer = scheduler.schedule(after: date) { [weak self] in self?.timerFired() }
    }

    func timerFired() {
        scheduling.withLock { scheduling in
            scheduling.timer = nil
            scheduling.timerDate = nil
        }
        followSystemTimeZone()
        fireDue()
    }

    /// Hands the deliveries a crash left in the outbox to the presenters again,
    /// with the same delivery identifiers.
    func recoverOutbox() throws {
        guard coordination.ownsOutbox else {
            // Entries of live engines are theirs; those of engines gone are taken over.
            takeOverAbandonedOutbox()
            return
        }
        let deliveries = try read { try $0.outbox() }
        guard !deliveries.isEmpty else { return }
        logger.notice("handing \(deliveries.count) deliveries left in the outbox to the presenters again")
        var flow = FiringFlow(.outbox, timing: firingTiming)
        drive(&flow) { _ in .outboxTakenOver(deliveries) }
    }
}

extension AppNotificationPreferences {
    var allowsBadges: Bool {
        authorizationStatus == .authorized && grantedOptions.contains(.badge) && badgesEnabled
    }

    /// Critical sounds play even when sounds are off.
    var allowsCriticalAlerts: Bool {
        authorizationStatus == .authorized && grantedOptions.contains(.criticalAlert)
    }

    var allowsSounds: Bool {
        authorizationStatus == .authorized && grantedOptions.contains(.sound) && soundsEnabled
    }

    var shownStyle: AlertStyle {
        authorizationStatus == .authorized && grantedOptions.contains(.alert) ? alertStyle : .none
    }
}
