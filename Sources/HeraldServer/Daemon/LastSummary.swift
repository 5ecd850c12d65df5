import NotificationEngine
import Signals
import Synchronization

/// The last scheduled summary this daemon delivered, for `GET /v1/summary`: the
/// desktop's summary notification opens the center at `/?summary`, which shows it
/// again. Kept in memory: after a restart, or on another node, there is none
/// until the next summary (its notifications are in the apps' lists all along).
final class LastSummary: Sendable {
    private let summary = Mutex<NotificationSummary?>(nil)
    private let subscription = SerialDisposable()

    /// Keeps the summaries `engine` delivers from now on.
    init(following engine: NotificationEngine) {
        subscription.inner = engine.events.subscribeNext { [weak self] event in
            if case .summaryDelivered(let delivered) = event { self?.summary.withLock { $0 = delivered } }
        }
    }

    deinit {
        subscription.dispose()
    }

    /// The last summary, if any.
    var current: NotificationSummary? {
        summary.withLock { $0 }
    }
}
