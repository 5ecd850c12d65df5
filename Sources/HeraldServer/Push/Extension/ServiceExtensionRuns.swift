import Dispatch
import Foundation
import NotificationEngine
import Synchronization

/// The pushes apps' service extensions hold over the HTTP API, each from the moment
/// the daemon hands it to the app's process (``RemoteServiceExtension``) until the
/// app answers it with content, says its `serviceExtensionTimeWillExpire()` has
/// returned, or its stream closes. Runs are known by a random UUID and answered
/// only by their own app.
final class ServiceExtensionRuns: Sendable {
    /// How long the daemon waits, once it told the app that a run's time will
    /// expire, for the app to say its `serviceExtensionTimeWillExpire()` returned:
    /// 5 s. Then the push is shown as it came.
    static let expiryGrace = DispatchTimeInterval.seconds(5)

    private struct Run {
        let app: AppIdentifier
        /// The stream the run was handed out on.
        let stream: ObjectIdentifier
        /// The push's own content, shown when the app's stream closes first.
        let original: NotificationContent
        let contentHandler: @Sendable (NotificationContent) -> Void
        /// Once the run's time began to expire: what the engine waits on, called
        /// when the run ends.
        var returned: (@Sendable () -> Void)?
    }

    private let runs = Mutex<[UUID: Run]>([:])

    /// Starts a run of `request` for `app` on `stream`, answered through `contentHandler`.
    func begin(
        _ request: NotificationRequest, for app: AppIdentifier, on stream: StreamOutbox,
        contentHandler: @escaping @Sendable (NotificationContent) -> Void
    ) -> UUID {
        let id = UUID()
        let run = Run(
            app: app, stream: ObjectIdentifier(stream), original: request.content, contentHandler: contentHandler)
        runs.withLock { $0[id] = run }
        return id
    }

    /// The app's content for run `id`: the run ends and the engine gets the content.
    ///
    /// - Throws: 404 `notFound` when `app` has no such run (never had, or it ended).
    func answer(_ id: UUID, for app: AppIdentifier, with content: NotificationContent) throws {
        let run = try end(id, for: app)
        // The engine has the content before its wait for the expiring extension ends.
        run.contentHandler(content)
        run.returned?()
    }

    /// The app's `serviceExtensionTimeWillExpire()` has returned without content:
    /// the run ends, and the push is shown as it came.
    ///
    /// - Throws: 404 `notFound` when `app` has no such run.
    func expired(_ id: UUID, for app: AppIdentifier) throws {
        try end(id, for: app).returned?()
    }

    /// The run's time will expire: tells the app with `notify`, and calls
    /// `returned` once it answers (``answer(_:for:with:)`` or ``expired(_:for:)``),
    /// its stream closes, or ``expiryGrace`` has passed, whichever comes first;
    /// at once for a run that ended or whose app cannot be told.
    func expire(_ id: UUID, returning returned: @escaping @Sendable () -> Void, notify: () -> Bool) {
        let isRunning = runs.withLock { runs in
            guard runs[id] != nil else { return false }
            runs[id]?.returned = returned
            return true
        }
        guard isRunning else { return returned() }
        guard notify() else { return abandon(id) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.expiryGrace) { [self] in abandon(id) }
    }

    /// The run ends unanswered (its message could not be sent, or its time is up): the
    /// push is shown as it came.
    func abandon(_ id: UUID) {
        guard let run = runs.withLock({ $0.removeValue(forKey: id) }) else { return }
        finishUnanswered(run)
    }

    /// The app's stream closed: its runs end unanswered, and their pushes are
    /// shown as they came at once.
    func end(stream: StreamOutbox) {
        let key = ObjectIdentifier(stream)
        let ended = runs.withLock { runs in
            let ids = runs.filter { $0.value.stream == key }.map(\.key)
            return ids.compactMap { runs.removeValue(forKey: $0) }
        }
        ended.forEach(finishUnanswered)
    }

    private func end(_ id: UUID, for app: AppIdentifier) throws -> Run {
        try runs.withLock { runs in
            guard let run = runs[id], run.app == app else {
                throw ServerError.notFound(
                    "\(app) has no service extension run \(id.uuidString.lowercased()): "
                        + "it was answered, its time expired, or its stream closed")
            }
            runs[id] = nil
            return run
        }
    }

    /// A run in its time to expire lets the engine show the push's own content; any
    /// other gets that content as the extension's answer.
    private func finishUnanswered(_ run: Run) {
        if let returned = run.returned {
            returned()
        } else {
            run.contentHandler(run.original)
        }
    }
}
