import Dispatch
import HeraldAPI
import Logging
public import NotificationModel
public import Signals
import Synchronization

extension RemoteNotificationService: ServiceExtensionHost {
    /// Runs the app's service extension in this process for the daemon: while
    /// connected, each `mutable-content` alert push for the app comes over the
    /// app's service-extension stream (``HeraldClient/openServiceExtension(app:)``)
    /// before the daemon shows it; a handler `makeHandler` makes for it gets
    /// ``NotificationModel/ServiceExtensionHandler/didReceive(_:withContentHandler:)``
    /// on a thread of its own, and the content it passes to its content handler
    /// (the first call counts; file attachments are sent as their bytes) is what
    /// the daemon shows. After 30 s the daemon asks for the best attempt:
    /// ``NotificationModel/ServiceExtensionHandler/serviceExtensionTimeWillExpire()``,
    /// then 5 s for content. Returns once the stream is open.
    ///
    /// As on iOS, the extension runs apart from the app's other code, and a push
    /// the extension does not answer is shown as it came: one left unanswered
    /// when this process ends or the stream drops is shown at once. A push that
    /// comes while the stream is closed (before connecting, or while a dropped
    /// one opens again, after 0.5 s doubling to 15 s) is shown as it came.
    /// Connecting again replaces the earlier connection for later pushes;
    /// disposing closes the stream.
    ///
    /// - Throws: ``HeraldClientError`` when the daemon cannot be reached or
    ///   refuses the stream.
    public func connectServiceExtension(
        _ makeHandler: @escaping @Sendable () -> any ServiceExtensionHandler, for app: AppIdentifier
    ) async throws -> any Disposable {
        let first = try await remote { try await client.openServiceExtension(app: app.rawValue) }
        let task = keepReading(first, named: "service extension stream", of: app) { [client] in
            try await client.openServiceExtension(app: app.rawValue)
        } read: { [self] messages in
            await serve(messages, with: makeHandler, for: app)
        }
        return ActionDisposable { task.cancel() }
    }

    /// Runs the extension on what one stream brings, until it ends.
    private func serve(
        _ messages: AsyncThrowingStream<API.ServiceExtensionMessage, any Error>,
        with makeHandler: @escaping @Sendable () -> any ServiceExtensionHandler, for app: AppIdentifier
    ) async {
        let runs = ExtensionRuns()
        do {
            for try await message in messages {
                switch message {
                case .receive(let run, let wire):
                    let request = try wire.engineValue()
                    let handler = makeHandler()
                    runs.begin(run, handler)
                    DispatchQueue.global().async { [self] in
                        handler.didReceive(request) { content in self.answer(run, with: content, for: app, runs: runs) }
                    }
                case .expire(let run):
                    guard let handler = runs.handler(of: run) else { continue }
                    DispatchQueue.global().async { [self] in
                        handler.serviceExtensionTimeWillExpire()
                        if runs.claim(run) { expired(run, for: app) }
                    }
                }
            }
            if !Task.isCancelled { logger.notice("the daemon closed the service extension stream of \(app); opening it again") }
        } catch {
            logger.warning("the service extension stream of \(app) failed: \(error)")
        }
    }

    /// Sends the extension's first content for `run` to the daemon.
    private func answer(_ run: String, with content: NotificationContent, for app: AppIdentifier, runs: ExtensionRuns) {
        guard runs.claim(run) else {
            return logger.debug("the service extension of \(app) answered push run \(run) again; only the first answer counts")
        }
        Task { [self] in
            do {
                let loaded = try content.loadingAttachments()
                try await client.answerServiceExtension(run, with: API.Content(loaded), app: app.rawValue)
            } catch {
                logger.warning("the service extension's content for push run \(run) of \(app) was not taken: \(error)")
            }
        }
    }

    /// Tells the daemon the extension has nothing better for `run`.
    private func expired(_ run: String, for app: AppIdentifier) {
        Task { [self] in
            do {
                try await client.serviceExtensionTimeExpired(run, app: app.rawValue)
            } catch {
                logger.info("the end of push run \(run) of \(app) was not taken: \(error)")
            }
        }
    }
}

/// The pushes one service-extension stream handed to the app's extension: each
/// run's handler, until its one answer.
private final class ExtensionRuns: Sendable {
    private let handlers = Mutex<[String: any ServiceExtensionHandler]>([:])

    func begin(_ run: String, _ handler: any ServiceExtensionHandler) {
        handlers.withLock { $0[run] = handler }
    }

    /// The run's handler, while it has not answered.
    func handler(of run: String) -> (any ServiceExtensionHandler)? {
        handlers.withLock { $0[run] }
    }

    /// Ends the run; `true` for the first call, the one answer that counts.
    func claim(_ run: String) -> Bool {
        handlers.withLock { $0.removeValue(forKey: run) != nil }
    }
}
