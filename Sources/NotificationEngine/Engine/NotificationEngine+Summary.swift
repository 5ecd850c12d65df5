import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// The last scheduled summary delivered, on this engine or another on its store,
    /// with only the notifications still listed (the groups left empty go); `nil`
    /// when none was delivered.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the store cannot be read.
    public func lastSummary() async throws -> NotificationSummary? {
        try await offloaded {
            let kept: KeptSummary? = try self.read { transaction in
                guard let json = try transaction.lastSummary() else { return nil }
                do {
                    return try JSONDecoder().decode(KeptSummary.self, from: Data(json.utf8))
                } catch {
                    throw NotificationError(.storeFailure, "the last summary kept cannot be read: \(error)")
                }
            }
            guard let kept else { return nil }
            var listed: [DeliveryID: Delivery] = [:]
            for app in Set(kept.groups.map(\.app)) {
                for delivery in try self.read({ try $0.listedDeliveries(app) }) { listed[delivery.id] = delivery }
            }
            let groups = kept.groups.compactMap { group -> NotificationSummary.Group? in
                guard let record = try? self.record(group.app) else { return nil }
                let presentations = group.deliveries.compactMap { listed[$0] }.map {
                    self.presentation(of: $0, style: nil, withSound: false, breaksThrough: false, record: record)
                }
                guard !presentations.isEmpty else { return nil }
                return NotificationSummary.Group(
                    app: group.app, threadIdentifier: group.threadIdentifier, text: group.text, presentations: presentations)
            }
            return NotificationSummary(date: kept.date, groups: groups)
        }
    }

    /// What keeps notifications quiet for the batch being presented; with other
    /// engines on the store, their changes to the settings are read first.
    func currentQuietState() -> QuietState {
        if !coordination.cachesAppRecords {
            do {
                try loadQuietSettings()
            } catch {
                logger.error("reading the Focus and summary settings failed; the last read are used: \(error)")
            }
        }
        return quietState()
    }

    /// Keeps deliveries for the summary at `until`, taking them out of the outbox in
    /// the same transaction, and arms the summary's timer. Returns the deliveries
    /// shown at once instead, quietly, because they could not be kept: their outbox
    /// entries are the caller's to clear.
    func hold(_ held: [(Delivery, AppRecord)], until: Date, presenters: [any Presenter]) -> [DeliveryID] {
        let entries = held.map { (id: $0.0.id, app: $0.0.app) }
        do {
            try write { transaction in
                try transaction.holdForSummary(entries, until: until)
                try transaction.removeFromOutbox(entries.map(\.id))
            }
        } catch {
            logger.error("keeping \(held.count) deliveries for the summary failed; they are shown quietly now: \(error)")
            for (delivery, record) in held { show(delivery, .quiet, record: record, to: presenters) }
            return entries.map(\.id)
        }
        for (app, deliveries) in Dictionary(grouping: entries, by: \.app) {
            emit(.heldForSummary(app: app, deliveries: deliveries.map(\.id), until: until))
        }
        armSummary(at: until)
        return []
    }

    /// Arms the summary's timer for the soonest summary anything waits for, as the
    /// store says (at start, and after a summary).
    func armSummary() {
        do {
            armSummary(at: try read { try $0.nextSummaryDate() })
        } catch {
            logger.error("reading the next summary's date failed; it is read again in a minute: \(error)")
            armSummary(at: scheduler.now.addingTimeInterval(60))
        }
    }

    /// Arms the summary's timer for `date`, unless it is armed sooner.
    private func armSummary(at date: Date?) {
        guard let date else { return }
        state.withLock { state in
            if let armed = state.summaryTimerDate, state.summaryTimer != nil, armed <= date { return }
            state.summaryTimer?.dispose()
            state.summaryTimerDate = date
            state.summaryTimer = scheduler.schedule(after: date) { [weak self] in self?.deliverSummary() }
        }
    }

    /// The summary time came: takes what waited for it out of the summary queue and
    /// into the outbox in one transaction, hands the summary to the presenters, and
    /// clears the outbox. A crash between the two leaves the deliveries in the
    /// outbox, presented again at the next start.
    func deliverSummary() {
        let now = scheduler.now
        state.withLock { state in
            state.summaryTimer = nil
            state.summaryTimerDate = nil
        }
        let deliveries: [Delivery]
        do {
            deliveries = try write { transaction in
                let taken = try transaction.takeSummary(through: now)
                try transaction.addToOutbox(taken.map(\.id))
                return taken
            }
        } catch {
            logger.error("taking the summary's deliveries failed; trying again in a minute: \(error)")
            armSummary(at: now.addingTimeInterval(60))
            return
        }
        present(summaryOf: deliveries, at: now)
        clearOutbox(deliveries.map(\.id))
        armSummary()
    }

    /// Hands the summary of `deliveries` to every presenter.
    private func present(summaryOf deliveries: [Delivery], at date: Date) {
        guard !deliveries.isEmpty else { return }
        let presentations = deliveries.compactMap { delivery -> Presentation? in
            guard let record = try? record(delivery.app) else { return nil }
            return presentation(of: delivery, style: nil, withSound: false, breaksThrough: false, record: record)
        }
        let summary = SummaryPolicy.summary(of: presentations, at: date)
        presenters.forEach { $0.presentSummary(summary) }
        keep(summary)
        emit(.summaryDelivered(summary))
    }

    /// Keeps `summary` as the last one, for ``lastSummary()``: its lines and the
    /// ids of its deliveries, which are read again from the list.
    private func keep(_ summary: NotificationSummary) {
        let kept = KeptSummary(
            date: summary.date,
            groups: summary.groups.map {
                KeptSummary.Group(
                    app: $0.app, threadIdentifier: $0.threadIdentifier, text: $0.text,
                    deliveries: $0.presentations.map(\.delivery.id))
            })
        do {
            let json = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
            try write { try $0.saveLastSummary(json) }
        } catch {
            logger.error("keeping the summary of \(summary.date) as the last one failed: \(error)")
        }
    }
}

/// The last summary as the store keeps it: its groups' lines and their
/// deliveries, by id.
private struct KeptSummary: Codable {
    struct Group: Codable {
        var app: AppIdentifier
        var threadIdentifier: String
        var text: String
        var deliveries: [DeliveryID]
    }

    var date: Date
    var groups: [Group]
}
