import Foundation
import HeraldAPI
import Logging
import NotificationEngine
import Synchronization

/// An app's service extension in the app's own process, reached over the HTTP API:
/// the engine makes one per `mutable-content` push while the app's extension stream
/// (`GET /v1/push/extension`) is open. It hands the push to the app as a `receive`
/// message on that stream (``HeraldAPI/API/ServiceExtensionMessage``) and passes
/// the content the app posts back to the engine (``ServiceExtensionRuns``); when
/// the engine says the time will expire, it tells the app and waits for its
/// answer, as iOS waits for an extension's `serviceExtensionTimeWillExpire()`.
final class RemoteServiceExtension: ServiceExtensionHandler {
    private let app: AppIdentifier
    private let stream: StreamOutbox
    private let runs: ServiceExtensionRuns
    private let logger: Logger
    /// This push's run, once handed to the app.
    private let run = Mutex<UUID?>(nil)

    init(app: AppIdentifier, stream: StreamOutbox, runs: ServiceExtensionRuns, logger: Logger) {
        self.app = app
        self.stream = stream
        self.runs = runs
        self.logger = logger
    }

    func didReceive(
        _ request: NotificationRequest, withContentHandler contentHandler: @escaping @Sendable (NotificationContent) -> Void
    ) {
        let id = runs.begin(request, for: app, on: stream, contentHandler: contentHandler)
        run.withLock { $0 = id }
        guard send(.receive(run: Self.text(id), request: API.Request(request))) else {
            logger.notice("the service extension stream of \(app) is closed: push \(request.identifier) is shown as it came")
            return runs.abandon(id)
        }
    }

    func serviceExtensionTimeWillExpire() {
        serviceExtensionTimeWillExpire {}
    }

    /// Tells the app; `returned` is called once it answers, or after
    /// ``ServiceExtensionRuns/expiryGrace``, with no thread waiting meanwhile.
    func serviceExtensionTimeWillExpire(returning returned: @escaping @Sendable () -> Void) {
        guard let id = run.withLock({ $0 }) else { return returned() }
        runs.expire(id, returning: returned) { send(.expire(run: Self.text(id))) }
    }

    /// Queues `message` on the app's stream; `false` when the stream is closed.
    private func send(_ message: API.ServiceExtensionMessage) -> Bool {
        guard let data = try? API.encoder().encode(message) else { return false }
        return stream.push(String(decoding: data, as: UTF8.self))
    }

    private static func text(_ id: UUID) -> String { id.uuidString.lowercased() }
}
