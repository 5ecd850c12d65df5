import LegacyNotifications
import NotificationEngine
import Signals
import Synchronization

/// The errors an application reports on `notificationErrors` while it lives.
final class ReportedErrors: Sendable {
    private let errors = Recorded()
    private let subscription: any Disposable

    private final class Recorded: Sendable {
        let list = Mutex<[NotificationError]>([])
    }

    init(_ application: UIApplication) {
        let errors = self.errors
        subscription = application.notificationErrors.subscribeNext { error in errors.list.withLock { $0.append(error) } }
    }

    deinit {
        subscription.dispose()
    }

    var all: [NotificationError] { errors.list.withLock { $0 } }
    var codes: [NotificationError.Code] { all.map(\.code) }
}
