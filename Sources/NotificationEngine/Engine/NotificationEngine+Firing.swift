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
    }

    /// Fires everything due now, a window's worth per transaction, handing each
    /// committed batch to the presenters before the next; then arms the timer.
    func fireDue() {
        while let firing = state.withLock({ commitDueBatch(&$0) }) {
            present(firing)
        }
    }

    /// Commits the next batch of due entries, or arms the timer and returns `nil`
    /// when nothing more is due.
    private func commitDueBatch(_ state: inout EngineState) -> Firing? {
        let now = scheduler.now
        refillIfNeeded(&state)
        let due = state.window.popDue(at: now, limit: state.window.capacity)
        guard !due.isEmpty else {
            pruneIfDue(&state)
            armTimer(&state)
            return nil
        }
        let items = due.map { FireItem(app: $0.app, identifier: $0.identifier, expectedDate: $0.date, dueDate: $0.date) }
        return commit(items, now: now, in: &state)
    }

    /// Commits the firing of `items` in one transaction and updates the window,
    /// counts, regions and badges to match. On a store failure nothing is
    /// committed; the window is reloaded from the store and retried a second later.
    func commit(_ items: [FireItem], now: Date, in state: inout EngineState) -> Firing? {
        do {
            let apps = try Set(items.map(\.app)).reduce(into: [:]) { records, app in
                records[app] = try record(app, in: &state)
            }
            let firing = try write { transaction in
                try items.reduce(into: Firing()) { firing, item in
                    try fire(item, now: now, apps: apps, into: &firing, in: transaction)
                }
            }
            track(firing, items: items, in: &state)
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

    private func fire(
        _ item: FireItem, now: Date, apps: [AppIdentifier: EngineState.AppRecord], into firing: inout Firing,
        in transaction: any StoreTransaction
    ) throws {
        guard var pending = try transaction.pending(item.app, identifier: item.identifier),
            pending.nextFireDate == item.expectedDate, let record = apps[item.app]
        else { return }
        if record.preferences.authorizationStatus == .authorized {
            let delivery = Delivery(
                id: DeliveryID(), app: item.app, request: pending.request, scheduledDate: item.dueDate, date: now,
                isLate: now.timeIntervalSince(item.dueDate) >= configuration.lateTolerance)
            let replaced = try transaction.saveDelivery(
                StoredDelivery(delivery: delivery, isListed: true, isAnswered: false))
            if !replaced.isEmpty { firing.replaced[item.app, default: []].append(contentsOf: replaced) }
            try transaction.addToOutbox(delivery.id)
            firing.deliveries.append(delivery)
            if let badge = pending.request.content.badge, record.preferences.allowsBadges {
                try transaction.saveBadge(badge, for: item.app)
                firing.badges[item.app] = badge
            }
        }
        if let trigger = pending.request.trigger, trigger.repeats, case .location = trigger {
            return
        }
        if let trigger = pending.request.trigger,
            let next = schedule.nextFireDate(after: item.dueDate, now: now, trigger: trigger, addedAt: pending.addedDate)
        {
            pending.nextFireDate = next
            try transaction.savePending(pending, for: item.app)
            firing.rescheduled.append((item.app, pending))
        } else {
            try transaction.deletePending(item.app, identifiers: [item.identifier])
            firing.finished.append(RegionKey(app: item.app, identifier: item.identifier))
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
    }

    /// Refills an empty window from the store when the store holds more.
    func refillIfNeeded(_ state: inout EngineState) {
        guard state.window.needsRefill else { return }
        let capacity = state.window.capacity
        do {
            state.window.refill(with: try read { try $0.soonestDue(limit: capacity + 1) })
        } catch {
            logger.error("reading the due queue failed: \(error)")
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
            if pruned > 0 { logger.info("pruned \(pruned) deliveries that left the notification center before \(cutoff)") }
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
            if let first = state.window.first { min(first.date, check) } else if state.window.isComplete { nil } else { now }
        guard wake != state.timerDate || state.timer == nil || wake == nil else { return }
        state.timer?.dispose()
        state.timer = nil
        state.timerDate = wake
        guard let wake else { return }
        state.timer = scheduler.schedule(after: wake) { [weak self] in self?.timerFired() }
    }

    private func timerFired() {
        state.withLock { state in
            state.timer = nil
            state.timerDate = nil
        }
        fireDue()
    }

    /// Hands the deliveries a crash left in the outbox to the presenters again,
    /// with the same delivery identifiers.
    func recoverOutbox() throws {
        let deliveries = try read { try $0.outbox() }
        guard !deliveries.isEmpty else { return }
        logger.notice("handing \(deliveries.count) deliveries left in the outbox to the presenters again")
        present(Firing(deliveries: deliveries))
    }
}

extension AppNotificationPreferences {
    var allowsBadges: Bool {
        authorizationStatus == .authorized && grantedOptions.contains(.badge) && badgesEnabled
    }

    var allowsSounds: Bool {
        authorizationStatus == .authorized && grantedOptions.contains(.sound) && soundsEnabled
    }

    var shownStyle: AlertStyle {
        authorizationStatus == .authorized && grantedOptions.contains(.alert) ? alertStyle : .none
    }
}
