import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
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
        emit(.summaryDelivered(summary))
    }
}
