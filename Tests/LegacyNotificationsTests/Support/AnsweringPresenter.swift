import NotificationEngine
import Synchronization

/// A user who answers every authorization prompt at once, and remembers the
/// questions.
final class AnsweringPresenter: Presenter {
    private let engine: NotificationEngine
    private let granted: Bool
    private let questions = Mutex<[AuthorizationOptions]>([])

    init(engine: NotificationEngine, granted: Bool) {
        self.engine = engine
        self.granted = granted
    }

    /// The options of every question asked.
    var asked: [AuthorizationOptions] { questions.withLock { $0 } }

    func present(_ presentation: Presentation) {}

    func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions) {
        questions.withLock { $0.append(options) }
        try? engine.answerAuthorization(for: app, granted: granted)
    }
}
