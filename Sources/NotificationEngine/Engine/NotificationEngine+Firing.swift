import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    typealias FireItem = EngineCore.FireItem
    typealias Firing = EngineCore.Firing

    /// Fires everything due now, a window's worth per transaction, handing each
    /// committed batch to the presenters before the next; then arms the timer.
    /// The outbox entries of a batch handed over go in the next batch's
    /// transaction, or in one of their own after the last. While a batch
    /// commits, the next one's records are read (``FiringPrefetch``).
    func fireDue() {
        var handedOver: [DeliveryID] = []
        var ahead: FiringPrefetch?
        while let firing = scheduling.withLock({ commitDueBatch(clearing: handedOver, ahead: &ahead, in: &$0) }) {
            handedOver = present(firing)
            sweepAttachments(freedBy: firing)
        }
        clearOutbox(handedOver)
    }

    /// Commits the next batch of due entries, removing `handedOver` from the
    /// outbox in the same transaction, or arms the timer and returns `nil` when
    /// nothing more is due. Uses the records `ahead` read if they are still
    /// current, and leaves there the read of the batch after.
    private func commitDueBatch(
        clearing handedOver: [DeliveryID], ahead: inout FiringPrefetch?, in scheduling: inout Scheduling
    ) -> Firing? {
        let now = scheduler.now
        let prefetched = ahead?.take(ifStoreWritesAre: storeWrites.load(ordering: .sequentiallyConsistent))
        ahead = nil
        refillIfNeeded(&scheduling)
        let items = scheduling.core.takeDue(at: now)
        guard !items.isEmpty else {
            pruneIfDue(&scheduling)
            armTimer(&scheduling)
            return nil
        }
        ahead = prefetch(after: items, now: now, in: &scheduling)
        return commit(items, now: now, clearing: handedOver, prefetched: prefetched, in: &scheduling)
    }

    /// Starts reading the records of the batch after `items`, which are about to
    /// commit: the window's entries due at `now` after them, or, when `items`
    /// emptied it, the store's next entries after the last of them (the window is
    /// refilled with those now, which is what it holds once `items` commit). Not
    /// with other writers, where batches claim their rows in the transaction.
    private func prefetch(after items: [FireItem], now: Date, in scheduling: inout Scheduling) -> FiringPrefetch? {
        guard coordination.readsDueRowsAhead, let last = items.last, let lastDate = last.expectedDate else { return nil }
        if scheduling.core.needsRefill(at: now) {
            let after = DueEntry(app: last.app, identifier: last.identifier, date: lastDate)
            let capacity = scheduling.core.window.capacity
            guard let soonest = try? read({ try $0.soonestDue(limit: capacity + 1, after: after) }) else { return nil }
            scheduling.core.refilled(with: soonest)
        }
        let keys = scheduling.core.nextDue(at: now).map { (app: $0.app, identifier: $0.identifier) }
        guard !keys.isEmpty else { return nil }
        return FiringPrefetch(keys: keys, writesAtStart: storeWrites.load(ordering: .sequentiallyConsistent)) {
            [self] keys in try? decode(read { try $0.pendingRecords(keys) }, inParallel: false)
        }
    }

    /// Commits the firing of `items` in one transaction, which also takes
    /// `handedOver` out of the outbox, as the core decides it, and reports the
    /// commit to the core. On a store failure nothing is committed; the window
    /// is reloaded from the store and retried a second later.
    ///
    /// The requests are read and decoded before the write transaction (in
    /// parallel for a large batch), or taken from `prefetched`, read while the
    /// batch before committed and checked to have seen no other write since; the
    /// `scheduling` lock, held throughout, keeps every other change of pending
    /// requests out in between. With other writers they are claimed in the
    /// transaction instead (``TransactionCoordinator/claim(_:waitingForApps:local:decode:)``);
    /// rows another engine holds are left to it, and looked at again shortly in
    /// case it never commits.
    func commit(
        _ items: [FireItem], now: Date, clearing handedOver: [DeliveryID] = [],
        prefetched: FiringPrefetch.Taken? = nil, in scheduling: inout Scheduling
    ) -> Firing? {
        do {
            let local = try localClaim(items, prefetched: prefetched, in: &scheduling)
            let core = scheduling.core
            let waitsForApps = scheduling.core.waitsForApps(of: items, limit: Self.appLockSkipsBeforeWaiting)
            var claim = local
            let firing = try coordinatedWrite { transaction, coordinator in
                claim = try coordinator.claim(items, waitingForApps: waitsForApps, local: local) { decode($0) }
                var apps = claim.apps
                let loaded = claim.loaded
                var firing = Firing()
                // Each delivery's request as read from its pending row, which the store writes as it is.
                var payloads: [RequestPayload] = []
                payloads.reserveCapacity(items.count)
                for item in items {
                    guard let (record, request) = loaded[RegionKey(app: item.app, identifier: item.identifier)] else {
                        continue
                    }
                    let delivered = firing.deliveries.count
                    core.fire(item, record: record, request: request, app: apps[item.app], now: now, into: &firing)
                    if firing.deliveries.count > delivered { payloads.append(record.payload) }
                }
                for (app, badge) in firing.badges {
                    apps[app]?.badge = badge
                }
                firing.apps = apps
                try finishBatch(&firing, clearing: handedOver, payloads: payloads, rules: core.rules, in: transaction)
                try coordinator.announce(firing.rescheduled.map(\.1.nextFireDate))
                return firing
            }
            scheduling.core.committed(firing)
            for problem in firing.localizationProblems {
                logger.warning("\(problem)")
            }
            if firing.changesPending { pendingChanged() }
            if !firing.badges.isEmpty {
                state.withLock { state in
                    for (app, badge) in firing.badges {
                        state.updateApp(app) { $0.badge = badge }
                    }
                }
            }
            scheduling.core.locked(claim.lockedApps)
            if !claim.skipped.isEmpty {
                recheckApps(&scheduling, items: claim.skipped, now: now, after: Self.appLockRecheckDelay)
            }
            if !claim.claimedAll { recheckClaims(&scheduling, now: now, after: Self.claimRecheckDelay) }
            return firing
        } catch {
            logger.error("firing \(items.count) requests failed, retrying in 1 s: \(error)")
            scheduling.core.invalidateWindow()
            arm(&scheduling, at: now.addingTimeInterval(1))
            return nil
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
    /// notification center) with their requests as `payloads` has them read
    /// from the pending rows, and their outbox entries, the repeating requests'
    /// next fire dates, each app's last badge, its finished requests out of the
    /// pending ones.
    private func finishBatch(
        _ firing: inout Firing, clearing handedOver: [DeliveryID], payloads: [RequestPayload], rules: EngineCore.Rules,
        in transaction: any StoreTransaction
    ) throws {
        let writes = FiringWrites(
            handedOver: handedOver,
            deliveries: firing.deliveries.map { StoredDelivery(delivery: $0, isListed: true, isAnswered: false) },
            requests: firing.hasOwnRequests ? .own : .read(payloads),
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

    /// Refills an empty window from the store when the store holds more.
    func refillIfNeeded(_ scheduling: inout Scheduling) {
        guard scheduling.core.needsRefill(at: scheduler.now) else { return }
        let capacity = scheduling.core.window.capacity
        do {
            scheduling.core.refilled(with: try read { try $0.soonestDue(limit: capacity + 1) })
        } catch {
            logger.error("reading the due queue failed, trying again in \(Self.refillRetryDelay) s: \(error)")
            scheduling.core.refillFailed(at: scheduler.now, retryAfter: Self.refillRetryDelay)
        }
    }

    /// Deletes deliveries past their retention, and sweeps the attachment store,
    /// at most once a day.
    private func pruneIfDue(_ scheduling: inout Scheduling) {
        guard let cutoff = scheduling.core.pruneCutoff(now: scheduler.now) else { return }
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
        let wake = scheduling.core.wake(now: scheduler.now)
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
        clearOutbox(present(Firing(deliveries: deliveries)))
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
