import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// A request to fire: the due date it is expected to have (`nil` for a
    /// location trigger), and the date it counts as due.
    struct FireItem {
        var app: AppIdentifier
        var identifier: String
        var expectedDate: Date?
        var dueDate: Date
    }

    /// What one firing transaction committed.
    struct Firing {
        var deliveries: [Delivery] = []
        var rescheduled: [(AppIdentifier, PendingRequest)] = []
        var finished: [RegionKey] = []
        var badges: [AppIdentifier: Int] = [:]
        /// Deliveries that new ones of the same request identifier replaced in the center.
        var replaced: [AppIdentifier: [DeliveryID]] = [:]
        /// Whether a delivery's request differs from its pending one (it was
        /// localized), so the deliveries are stored with their own requests.
        var hasOwnRequests = false
    }

    /// Fires everything due now, a window's worth per transaction, handing each
    /// committed batch to the presenters before the next; then arms the timer.
    /// The outbox entries of a batch handed over go in the next batch's
    /// transaction, or in one of their own after the last.
    func fireDue() {
        var handedOver: [DeliveryID] = []
        while let firing = state.withLock({ commitDueBatch(clearing: handedOver, in: &$0) }) {
            handedOver = present(firing)
        }
        clearOutbox(handedOver)
    }

    /// Commits the next batch of due entries, removing `handedOver` from the
    /// outbox in the same transaction, or arms the timer and returns `nil` when
    /// nothing more is due.
    private func commitDueBatch(clearing handedOver: [DeliveryID], in state: inout EngineState) -> Firing? {
        let now = scheduler.now
        refillIfNeeded(&state)
        let due = state.window.popDue(at: now, limit: state.window.capacity)
        guard !due.isEmpty else {
            pruneIfDue(&state)
            armTimer(&state)
            return nil
        }
        let items = due.map { FireItem(app: $0.app, identifier: $0.identifier, expectedDate: $0.date, dueDate: $0.date) }
        return commit(items, now: now, clearing: handedOver, in: &state)
    }

    /// Commits the firing of `items` in one transaction, which also takes
    /// `handedOver` out of the outbox, and updates the window, counts, regions
    /// and badges to match. On a store failure nothing is committed; the window
    /// is reloaded from the store and retried a second later.
    ///
    /// The requests are read and decoded before the write transaction (in
    /// parallel for a large batch); the engine's lock, held throughout, keeps
    /// every other change of pending requests out in between. With a shared
    /// store they are claimed in the transaction instead (other engines change
    /// them without the lock); rows another engine holds are left to it, and
    /// looked at again shortly in case it never commits.
    func commit(
        _ items: [FireItem], now: Date, clearing handedOver: [DeliveryID] = [], in state: inout EngineState
    ) -> Firing? {
        do {
            let appKeys = Set(items.map(\.app))
            let isShared = sharedStore != nil
            let cached = isShared ? [:] : try appKeys.reduce(into: [:]) { records, app in
                records[app] = try record(app, in: &state)
            }
            let preloaded = isShared ? nil : try load(items)
            let schedule = state.schedule
            var claimedAll = true
            let firing = try write { transaction in
                var apps = cached
                var loaded = preloaded ?? [:]
                if let shared = transaction as? any SharedStoreTransaction {
                    // The apps' records come with their locks; the rows with their claims.
                    apps = try shared.lockApps(appKeys.sorted()).mapValues(EngineState.AppRecord.init)
                    loaded = try claim(items, in: shared, claimedAll: &claimedAll)
                }
                var firing = items.reduce(into: Firing()) { firing, item in
                    guard let (record, request) = loaded[RegionKey(app: item.app, identifier: item.identifier)] else {
                        return
                    }
                    fire(item, record: record, request: request, now: now, apps: apps, schedule: schedule, into: &firing)
                }
                try transaction.removeFromOutbox(handedOver)
                try finishBatch(&firing, in: transaction)
                try announce(firing.rescheduled.map(\.1.nextFireDate), in: transaction)
                return firing
            }
            track(firing, items: items, in: &state)
            if !claimedAll { recheckClaims(&state, now: now) }
            return firing
        } catch {
            logger.error("firing \(items.count) requests failed, retrying in 1 s: \(error)")
            state.window.invalidate()
            state.timer?.dispose()
            state.timerDate = now.addingTimeInterval(1)
            state.timer = scheduler.schedule(after: now.addingTimeInterval(1)) { [weak self] in self?.timerFired() }
            return nil
        }
    }

    /// The pending records of the items and their decoded requests; a record
    /// whose request cannot be decoded is logged and comes back with `nil`, so
    /// that firing removes it instead of failing on it for ever.
    private func load(_ items: [FireItem]) throws -> [RegionKey: (PendingRecord, NotificationRequest?)] {
        decode(try read { try $0.pendingRecords(items.map { ($0.app, $0.identifier) }) })
    }

    /// The items' rows claimed in a shared store's transaction, decoded as
    /// ``load(_:)`` decodes them; `claimedAll` turns false when some were not.
    private func claim(
        _ items: [FireItem], in shared: any SharedStoreTransaction, claimedAll: inout Bool
    ) throws -> [RegionKey: (PendingRecord, NotificationRequest?)] {
        let records = try shared.claimPending(items.map { ($0.app, $0.identifier) })
        claimedAll = records.count == items.count
        return decode(records)
    }

    private func decode(_ records: [PendingRecord]) -> [RegionKey: (PendingRecord, NotificationRequest?)] {
        let requests = BatchDecoder.decode(records)
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

    private func fire(
        _ item: FireItem, record: PendingRecord, request: NotificationRequest?, now: Date,
        apps: [AppIdentifier: EngineState.AppRecord], schedule: TriggerSchedule, into firing: inout Firing
    ) {
        guard record.nextFireDate == item.expectedDate, let app = apps[item.app] else { return }
        guard let request else {
            finish(item, into: &firing)
            return
        }
        if app.preferences.authorizationStatus.allowsDelivery {
            deliver(request, item: item, now: now, app: app, into: &firing)
        }
        if let trigger = request.trigger, trigger.repeats, case .location = trigger {
            return
        }
        if let trigger = request.trigger,
            let next = schedule.nextFireDate(after: item.dueDate, now: now, trigger: trigger, addedAt: record.addedDate)
        {
            let pending = PendingRequest(request: request, nextFireDate: next, addedDate: record.addedDate)
            firing.rescheduled.append((item.app, pending))
        } else {
            finish(item, into: &firing)
        }
    }

    /// Adds the delivery of `request`, with its category as it is now, to the
    /// batch; ``finishBatch(_:in:)`` saves it.
    private func deliver(
        _ request: NotificationRequest, item: FireItem, now: Date, app: EngineState.AppRecord,
        into firing: inout Firing
    ) {
        var request = request
        if !request.content.localizations.isEmpty {
            // Localized now, in the user's language: the delivery keeps the text shown.
            request.content = request.content.localized(for: configuration.preferredLanguages)
            firing.hasOwnRequests = true
        }
        firing.deliveries.append(Delivery(
            id: DeliveryID(), app: item.app, request: request, scheduledDate: item.dueDate, date: now,
            isLate: now.timeIntervalSince(item.dueDate) >= configuration.lateTolerance,
            category: app.category(of: request.content)))
        if let badge = request.content.badge, app.preferences.allowsBadges {
            firing.badges[item.app] = badge
        }
    }

    /// Marks a request that has fired for the last time; ``finishBatch(_:in:)`` removes it.
    private func finish(_ item: FireItem, into firing: inout Firing) {
        firing.finished.append(RegionKey(app: item.app, identifier: item.identifier))
    }

    /// The batch's set-wise writes, in the same transaction: its deliveries
    /// (noting those they replace in the notification center) and their outbox
    /// entries, the repeating requests' next fire dates, each app's last badge, its
    /// finished requests out of the pending ones.
    private func finishBatch(_ firing: inout Firing, in transaction: any StoreTransaction) throws {
        let saved = firing.deliveries.map { StoredDelivery(delivery: $0, isListed: true, isAnswered: false) }
        for replaced in try transaction.saveDeliveries(saved, requests: firing.hasOwnRequests ? .own : .pending) {
            firing.replaced[replaced.app, default: []].append(replaced.id)
        }
        try transaction.addToOutbox(firing.deliveries.map(\.id))
        for (app, rescheduled) in Dictionary(grouping: firing.rescheduled, by: \.0) {
            try transaction.savePending(rescheduled.map(\.1), for: app)
        }
        for (app, badge) in firing.badges {
            try transaction.saveBadge(badge, for: app)
        }
        let finished = Dictionary(grouping: firing.finished, by: \.app)
        for (app, keys) in finished {
            try transaction.deletePending(app, identifiers: keys.map(\.identifier))
        }
    }

    private func track(_ firing: Firing, items: [FireItem], in state: inout EngineState) {
        for key in firing.finished {
            forget(app: key.app, identifier: key.identifier, in: &state)
            state.pendingCounts[key.app, default: 0] -= 1
        }
        for (app, pending) in firing.rescheduled {
            watch(pending, for: app, in: &state)
        }
        for (app, badge) in firing.badges {
            state.apps[app]?.badge = badge
        }
        if !firing.finished.isEmpty || !firing.rescheduled.isEmpty {
            state.pendingVersion &+= 1
        }
    }

    /// How long the engine waits before reading the due queue again after it failed.
    static let refillRetryDelay: TimeInterval = 1

    /// Refills an empty window from the store when the store holds more.
    func refillIfNeeded(_ state: inout EngineState) {
        guard state.window.needsRefill else { return }
        let capacity = state.window.capacity
        do {
            state.window.refill(with: try read { try $0.soonestDue(limit: capacity + 1) })
            state.refillRetryDate = nil
        } catch {
            logger.error("reading the due queue failed, trying again in \(Self.refillRetryDelay) s: \(error)")
            state.refillRetryDate = scheduler.now.addingTimeInterval(Self.refillRetryDelay)
        }
    }

    /// Deletes deliveries past their retention, at most once a day.
    private func pruneIfDue(_ state: inout EngineState) {
        let now = scheduler.now
        if let last = state.prunedDate, now.timeIntervalSince(last) < 24 * 3_600, now >= last { return }
        state.prunedDate = now
        let cutoff = now.addingTimeInterval(-configuration.deliveryRetention)
        do {
            let pruned = try write { try $0.pruneDeliveries(unlistedBefore: cutoff) }
            if pruned > 0 {
                logger.info("pruned \(pruned) deliveries that left the notification center before \(cutoff)")
                sweepAttachments(in: &state)
            }
        } catch {
            logger.error("pruning old deliveries failed: \(error)")
        }
    }

    /// Sets the one timer for the earliest due entry, or for the next clock check
    /// if that comes sooner; none when nothing is pending.
    func armTimer(_ state: inout EngineState) {
        let now = scheduler.now
        let check = now.addingTimeInterval(configuration.clockCheckInterval)
        let wake: Date? =
            if let first = state.window.first {
                min(first.date, check)
            } else if state.window.isComplete {
                nil
            } else {
                max(now, state.refillRetryDate ?? now)
            }
        if let armed = state.timerDate, state.timer != nil, let wake, armed <= wake { return }
        state.timer?.dispose()
        state.timer = nil
        state.timerDate = wake
        guard let wake else { return }
        state.timer = scheduler.schedule(after: wake) { [weak self] in self?.timerFired() }
    }

    func timerFired() {
        state.withLock { state in
            state.timer = nil
            state.timerDate = nil
        }
        followSystemTimeZone()
        fireDue()
    }

    /// Hands the deliveries a crash left in the outbox to the presenters again,
    /// with the same delivery identifiers.
    func recoverOutbox() throws {
        guard sharedStore == nil else {
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
