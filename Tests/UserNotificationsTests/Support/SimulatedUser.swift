import NotificationEngine
import Signals
import Synchronization

/// The person in front of the screen: answers authorization prompts as told and
/// remembers every delivery handed to the presenters, so a test can answer one.
final class SimulatedUser: Presenter {
    private struct State {
        var engine: NotificationEngine?
        var deliveries: [Delivery] = []
    }

    private let grants: Bool
    private let state = Mutex(State())

    init(grants: Bool) {
        self.grants = grants
    }

    func attach(to engine: NotificationEngine) {
        state.withLock { $0.engine = engine }
        _ = engine.events.subscribeNext { [weak self] event in
            if case .delivered(let delivery) = event { self?.state.withLock { $0.deliveries.append(delivery) } }
        }
    }

    /// Every delivery, shown or not, in order.
    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    func present(_ presentation: Presentation) {}

    func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions) {
        let engine = state.withLock { $0.engine }
        try? engine?.answerAuthorization(for: app, granted: grants)
    }
}
