public import NotificationEngine
import Synchronization

/// A presenter that records everything it is handed: for tests, and for
/// programs that want to look at what would have been shown. It is in the
/// `NotificationEngineTesting` product, beside the engine rather than in it.
///
/// ```swift
/// import NotificationEngineTesting
///
/// let presenter = RecordingPresenter()
/// let engine = try NotificationEngine(store: .inMemory, scheduler: scheduler, presenters: [presenter])
/// …
/// #expect(presenter.presentations.map(\.delivery.request.identifier) == ["Walk Dog"])
/// ```
public final class RecordingPresenter: Presenter {
    private struct Record {
        var presentations: [Presentation] = []
        var withdrawn: [DeliveryID] = []
        var authorizationRequests: [(app: AppIdentifier, options: AuthorizationOptions)] = []
        var badges: [AppIdentifier: Int] = [:]
        var summaries: [NotificationSummary] = []
    }

    private let record = Mutex(Record())

    /// A presenter that has recorded nothing yet.
    public init() {}

    /// Every presentation, in order.
    public var presentations: [Presentation] { record.withLock { $0.presentations } }
    /// Every delivery withdrawn from the notification center, in order.
    public var withdrawn: [DeliveryID] { record.withLock { $0.withdrawn } }
    /// Every authorization question, in order.
    public var authorizationRequests: [(app: AppIdentifier, options: AuthorizationOptions)] {
        record.withLock { $0.authorizationRequests }
    }
    /// The last badge of each app.
    public var badges: [AppIdentifier: Int] { record.withLock { $0.badges } }
    /// Every scheduled summary, in order (their notifications are not in ``presentations``).
    public var summaries: [NotificationSummary] { record.withLock { $0.summaries } }

    /// Forgets what was recorded.
    public func reset() {
        record.withLock { $0 = Record() }
    }

    public func present(_ presentation: Presentation) {
        record.withLock { $0.presentations.append(presentation) }
    }

    public func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier) {
        record.withLock { $0.withdrawn.append(contentsOf: deliveries) }
    }

    public func badgeChanged(to badge: Int, for app: AppIdentifier) {
        record.withLock { $0.badges[app] = badge }
    }

    public func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions) {
        record.withLock { $0.authorizationRequests.append((app, options)) }
    }

    public func presentSummary(_ summary: NotificationSummary) {
        record.withLock { $0.summaries.append(summary) }
    }
}
