import Foundation

/// The firing flow as a state machine without I/O: what the engine read, claimed
/// and committed comes in as events; what it does next comes out as actions, in
/// order. The decisions themselves are the core's (``EngineCore/takeDue(at:)``,
/// ``EngineCore/fire(_:claimed:now:)``, ``EngineCore/wake(now:)``…): the flow
/// sequences them, and keeps the core's memory in step with each commit.
///
/// Firing what is due goes a window's worth per transaction: the window is
/// refilled from the store if it ran empty, the due entries taken, the next
/// batch's rows read ahead while this one commits (with a single writer), the
/// batch committed with the outbox entries of the batch before, then presented;
/// when nothing more is due, old deliveries are pruned and the timer armed. A
/// failed commit forgets the window and tries again a second later. A location
/// crossing commits one batch; outbox entries recovered or taken over are
/// presented again. The runtime (`NotificationEngine+Firing.swift`) runs the
/// actions in one `switch`: all but ``Action/present(_:)``,
/// ``Action/sweepAttachments(freedBy:)`` and ``Action/clearOutbox(_:)`` under the
/// `scheduling` lock, ``Action/save(_:clearing:)`` and ``Action/announce(_:)``
/// inside the batch's transaction.
struct FiringFlow {
    /// What the flow fires.
    enum Kind: Equatable {
        /// Everything due, batch after batch.
        case due
        /// Location-triggered requests a position crossed: one batch.
        case crossings
        /// Deliveries an outbox held: presented again, nothing committed.
        case outbox
    }

    /// The rules of the flow's timing, from the engine's configuration.
    struct Timing {
        /// Whether a batch's rows are read before its transaction, and the next
        /// batch's while it commits (a single writer).
        var readsAhead: Bool
        /// How soon apps another engine held are looked at again.
        var appLockRecheckDelay: TimeInterval
        /// How soon rows another engine held or took are looked for again.
        var claimRecheckDelay: TimeInterval
        /// After how many batches in a row that found an app held the next waits for it.
        var appLockSkipsBeforeWaiting: Int
        /// How long after a failed commit or read the engine tries again.
        var retryDelay: TimeInterval
    }

    enum Event {
        /// It is `now`: fire what is due (``Kind/due``).
        case due(now: Date)
        /// A position crossed these watched requests' regions at `now` (``Kind/crossings``).
        case crossed([EngineCore.FireItem], now: Date)
        /// The store's soonest due entries, as ``Action/readWindow(limit:)`` asked
        /// (`nil`: the read failed).
        case windowRead([DueEntry]?)
        /// The store's due entries after the batch, as ``Action/readAhead(after:limit:)``
        /// asked (`nil`: the read failed).
        case readAhead([DueEntry]?)
        /// In the batch's transaction: its apps' records and rows, as claimed.
        case claimed(FiringClaim)
        /// The batch committed, with the deliveries it replaced noted.
        case committed(EngineCore.Firing)
        /// The batch's transaction failed; nothing of it was committed.
        case commitFailed
        /// Outbox entries (a crash's, or an engine's gone) to present again.
        case outboxTakenOver([Delivery])
        /// The presenters got the batch; these deliveries were handed over at
        /// once, and their outbox entries can go.
        case presented(handedOver: [DeliveryID])
    }

    enum Action {
        /// Read the store's `limit` soonest due entries (``Event/windowRead(_:)``).
        case readWindow(limit: Int)
        /// Read the store's `limit` due entries after `entry` (``Event/readAhead(_:)``).
        case readAhead(after: DueEntry, limit: Int)
        /// Start reading these requests' rows beside the commit, for the next batch.
        case prefetch([(app: AppIdentifier, identifier: String)])
        /// Commit the batch in one transaction: claim its rows (``Event/claimed(_:)``),
        /// waiting for its apps' locks or not; ``Event/committed(_:)`` or ``Event/commitFailed`` follows.
        case commit([EngineCore.FireItem], waitingForApps: Bool)
        /// In the transaction: save the deliveries (with their requests as read,
        /// unless localized), reschedulings, badges and ends, and take `clearing`
        /// out of the outbox.
        case save(EngineCore.Firing, clearing: [DeliveryID])
        /// In the transaction: tell the other engines of this fire date on commit.
        case announce(Date)
        /// After the commit: log what localizing had to repair.
        case logProblems([String])
        /// After the commit: the apps' pending requests changed.
        case notePendingChanged
        /// After the commit: the apps' cached records have these badges.
        case cacheBadges([AppIdentifier: Int])
        /// Delete the deliveries that left the notification center before this date.
        case prune(before: Date)
        /// Arm the timer for this date unless it is armed sooner; `nil`: nothing to wake for.
        case armTimer(at: Date?)
        /// Arm the timer for this date, whatever it was armed for.
        case rearm(at: Date)
        /// Outside the lock: hand the deliveries to the presenters (``Event/presented(handedOver:)``).
        case present(EngineCore.Firing)
        /// Outside the lock: sweep the attachments the batch freed, if any.
        case sweepAttachments(freedBy: EngineCore.Firing)
        /// Outside the lock: these outbox entries can go.
        case clearOutbox([DeliveryID])
        /// Go on with ``Event/due(now:)`` at the scheduler's time.
        case nextBatch
    }

    let kind: Kind
    let timing: Timing
    /// The time the batch fires at.
    private(set) var now = Date.distantPast
    /// The batch being committed.
    private(set) var batch: [EngineCore.FireItem] = []
    /// The outbox entries of deliveries handed over, to take out with the next commit.
    private(set) var handedOver: [DeliveryID] = []
    /// What the batch's transaction claimed.
    private var claim: FiringClaim?

    init(_ kind: Kind, timing: Timing) {
        self.kind = kind
        self.timing = timing
    }

    /// What the engine does next after `event`, with `core` kept in step.
    mutating func handle(_ event: Event, core: inout EngineCore) -> [Action] {
        switch event {
        case .due(let now):
            self.now = now
            guard core.needsRefill(at: now) else { return takeDue(&core) }
            return [.readWindow(limit: core.window.refillLimit)]
        case .crossed(let items, let now):
            self.now = now
            batch = items
            return items.isEmpty ? [] : [commit(core)]
        case .windowRead(let soonest):
            core.refillRead(soonest, at: now, retryAfter: timing.retryDelay)
            return takeDue(&core)
        case .readAhead(let soonest):
            if let soonest { core.refilled(with: soonest) }
            return prefetch(core) + [commit(core)]
        case .claimed(let claim):
            self.claim = claim
            let firing = core.fire(batch, claimed: claim, now: now)
            return [.save(firing, clearing: handedOver)] + (firing.soonestNextFireDate.map { [.announce($0)] } ?? [])
        case .committed(let firing):
            return committed(firing, core: &core)
        case .commitFailed:
            core.invalidateWindow()
            return [.rearm(at: now.addingTimeInterval(timing.retryDelay))] + clearHandedOver()
        case .outboxTakenOver(let deliveries):
            return deliveries.isEmpty ? [] : [.present(EngineCore.Firing(deliveries: deliveries))]
        case .presented(let ids):
            guard kind == .due else { return ids.isEmpty ? [] : [.clearOutbox(ids)] }
            handedOver = ids
            return [.nextBatch]
        }
    }

    /// Takes what is due: a batch to commit, or, when nothing is, the end.
    private mutating func takeDue(_ core: inout EngineCore) -> [Action] {
        batch = core.takeDue(at: now)
        guard let last = batch.last else {
            let prune = core.pruneCutoff(now: now).map { [Action.prune(before: $0)] } ?? []
            return prune + [.armTimer(at: core.wake(now: now))] + clearHandedOver()
        }
        guard timing.readsAhead, let lastDate = last.expectedDate else { return [commit(core)] }
        // The batch empties the window: what the store holds after it is the window once it commits.
        guard !core.needsRefill(at: now) else {
            return [.readAhead(after: DueEntry(app: last.app, identifier: last.identifier, date: lastDate),
                               limit: core.window.refillLimit)]
        }
        return prefetch(core) + [commit(core)]
    }

    /// The next batch's rows to read while this one commits: the window's
    /// entries due now after it.
    private func prefetch(_ core: EngineCore) -> [Action] {
        guard timing.readsAhead else { return [] }
        let keys = core.nextDue(at: now).map { (app: $0.app, identifier: $0.identifier) }
        return keys.isEmpty ? [] : [.prefetch(keys)]
    }

    private func commit(_ core: EngineCore) -> Action {
        .commit(batch, waitingForApps: core.waitsForApps(of: batch, limit: timing.appLockSkipsBeforeWaiting))
    }

    private func clearHandedOver() -> [Action] {
        handedOver.isEmpty ? [] : [.clearOutbox(handedOver)]
    }

    /// The batch committed: the core follows it; apps held and rows missed are
    /// looked at again; the batch goes to the presenters.
    private mutating func committed(_ firing: EngineCore.Firing, core: inout EngineCore) -> [Action] {
        handedOver = []
        core.committed(firing)
        var actions: [Action] = []
        if !firing.localizationProblems.isEmpty { actions.append(.logProblems(firing.localizationProblems)) }
        if firing.changesPending { actions.append(.notePendingChanged) }
        if !firing.badges.isEmpty { actions.append(.cacheBadges(firing.badges)) }
        if let claim {
            core.locked(claim.lockedApps)
            if !claim.skipped.isEmpty {
                actions.append(.armTimer(at: core.hold(claim.skipped, now: now, delay: timing.appLockRecheckDelay)))
            }
            if !claim.claimedAll {
                let date = now.addingTimeInterval(timing.claimRecheckDelay)
                core.reload(by: date)
                actions.append(.armTimer(at: date))
            }
        }
        claim = nil
        return actions + [.present(firing), .sweepAttachments(freedBy: firing)]
    }
}
