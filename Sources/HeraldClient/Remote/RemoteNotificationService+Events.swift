import HeraldAPI
import Logging
public import NotificationModel
public import Signals

extension RemoteNotificationService {
    /// Throws ``HeraldClientError/Code/unsupported``: the daemon's API has no
    /// foreground state; it presents every delivery as for a background app.
    public func setForeground(_ isForeground: Bool, for app: AppIdentifier) async throws {
        throw HeraldClientError(
            .unsupported,
            "the Herald daemon's HTTP API has no foreground state: it presents \(app)'s notifications as for an app in the background"
        )
    }

    /// Hands `handler` the responses that reach the app, from the daemon's event
    /// stream, until the returned disposable is disposed. Returns once the stream
    /// is open.
    ///
    /// No answer is lost while the app is away: the daemon keeps each until the
    /// app acknowledges it, and sends those it kept when the stream opens. Each
    /// reaches one of the app's handlers connected through this service, as the
    /// engine chooses in process: its notification handler
    /// (``NotificationModel/AppHandlerRole/notifications``,
    /// `UNUserNotificationCenter`'s) if one is connected, else its application
    /// handler; so does a request to open the settings. An answer reaches its
    /// handler once per connection; once the handler calls its
    /// completion handler the answer is acknowledged
    /// (``HeraldClient/acknowledgeResponse(to:for:)``) and never sent again. A
    /// stream that drops (the daemon restarting, the network) is opened again,
    /// after 0.5 s doubling to 15 s; one the daemon refuses (the token renewed, the
    /// app removed) is not. Over HTTP the daemon never asks `willPresent` (see
    /// ``setForeground(_:for:)``).
    ///
    /// A push asking for a background fetch (`content-available`) goes to the
    /// handler's ``NotificationModel/NotificationAppHandler/didReceiveRemoteNotification(_:completionHandler:)``
    /// as the stream brings it, if this handler is the app's application handler
    /// (``NotificationModel/AppHandlerRole/application``, `UIApplication`'s) or
    /// no application handler is connected through this service; the fetch's
    /// result is logged, the daemon wants none. Best effort, as on iOS: a push
    /// that comes while no stream is open (before connecting, or while a dropped
    /// one opens again) is not handed over later.
    public func connect(_ handler: any NotificationAppHandler, for app: AppIdentifier) async throws -> any Disposable {
        let first = try await remote { try await client.openEvents(app: app.rawValue) }
        let token = handlers.add(handler.role, for: app)
        let connection = Connection(app: app, handler: handler, token: token, ledger: ResponseLedger())
        let task = keepReading(first, named: "event stream", of: app) { [client] in
            try await client.openEvents(app: app.rawValue)
        } read: { [self] events in
            await read(events, for: connection)
        }
        return ActionDisposable { [handlers] in
            task.cancel()
            handlers.remove(token, for: app)
        }
    }

    /// Reads `first` with `read`, and when it ends opens the stream again with
    /// `open` and reads that, after 0.5 s doubling to 15 s, until cancelled or
    /// until the daemon refuses the app's credential (401, 403, 404).
    func keepReading<Message: Sendable>(
        _ first: AsyncThrowingStream<Message, any Error>, named name: String, of app: AppIdentifier,
        open: @escaping @Sendable () async throws -> AsyncThrowingStream<Message, any Error>,
        read: @escaping @Sendable (AsyncThrowingStream<Message, any Error>) async -> Void
    ) -> Task<Void, Never> {
        Task { [logger] in
            var messages: AsyncThrowingStream<Message, any Error>? = first
            var backoff = ReconnectBackoff()
            while !Task.isCancelled {
                if let messages {
                    await read(messages)
                }
                guard (try? await Task.sleep(for: backoff.delay())) != nil else { return }
                do {
                    messages = try await open()
                    backoff.reset()
                } catch let error as HeraldClientError where error.code == .refused && [401, 403, 404].contains(error.status) {
                    logger.error("the daemon refused the \(name) of \(app) again; it stays closed: \(error)")
                    return
                } catch {
                    messages = nil
                    logger.notice("opening the \(name) of \(app) again failed: \(error)")
                }
            }
        }
    }

    /// One handler connected through ``connect(_:for:)``.
    private struct Connection: Sendable {
        let app: AppIdentifier
        let handler: any NotificationAppHandler
        /// Its token in ``RemoteNotificationService/handlers``.
        let token: UInt64
        let ledger: ResponseLedger
    }

    /// Hands the handler what one stream brings, until it ends.
    private func read(_ events: AsyncThrowingStream<API.Event, any Error>, for connection: Connection) async {
        let (app, handler) = (connection.app, connection.handler)
        do {
            for try await event in events where event.app == app.rawValue {
                switch event.kind {
                case .settingsOpened(let delivery) where handlers.isChosen(connection.token, for: .answer, of: app):
                    var opened = try delivery?.engineDelivery()
                    if let from = opened { opened = await withAttachmentFiles(from) }
                    handler.openSettings(from: opened)
                case .responded(let wire)
                where wire.reachesApp && handlers.claims(wire.delivery.id, as: .answer, token: connection.token, for: app):
                    try await hand(wire, to: handler, for: app, ledger: connection.ledger)
                case .remoteNotificationReceived(let apnsID, let userInfo)
                where handlers.claims(apnsID, as: .push, token: connection.token, for: app):
                    wake(handler, for: app, push: apnsID, userInfo)
                default:
                    continue
                }
            }
            if !Task.isCancelled { logger.notice("the daemon closed the event stream of \(app); opening it again") }
        } catch {
            logger.warning("the event stream of \(app) failed: \(error)")
        }
    }

    /// Hands one answer to the handler, unless it has it; acknowledges it once the
    /// handler's completion handler is called.
    private func hand(
        _ wire: API.Response, to handler: any NotificationAppHandler, for app: AppIdentifier, ledger: ResponseLedger
    ) async throws {
        let id = wire.delivery.id
        switch ledger.receive(id) {
        case .hand:
            var response = try wire.engineResponse()
            response.delivery = await withAttachmentFiles(response.delivery)
            handler.didReceive(response) { [self] in
                ledger.completed(id)
                Task { await acknowledge(id, for: app, ledger: ledger) }
            }
        case .acknowledge:
            Task { await acknowledge(id, for: app, ledger: ledger) }
        case .skip:
            break
        }
    }

    /// Hands a background push to the handler's fetch and logs its result.
    private func wake(
        _ handler: any NotificationAppHandler, for app: AppIdentifier, push apnsID: String,
        _ userInfo: [String: JSONValue]
    ) {
        handler.didReceiveRemoteNotification(userInfo) { [logger] result in
            logger.debug("the background fetch of \(app) for push \(apnsID) ended: \(result)")
        }
    }

    /// Tells the daemon the app has the answer; one it no longer keeps counts as
    /// acknowledged. A failure leaves it to be acknowledged when the daemon sends
    /// it again (on the next stream).
    private func acknowledge(_ id: String, for app: AppIdentifier, ledger: ResponseLedger) async {
        do {
            try await client.acknowledgeResponse(to: id, for: app.rawValue)
            ledger.acknowledged(id)
        } catch let error as HeraldClientError where error.status == 404 {
            ledger.acknowledged(id)
        } catch {
            logger.warning("acknowledging the response to \(id) of \(app) failed; it is acknowledged when sent again: \(error)")
        }
    }

    /// Every delivery of the app, from the daemon's event stream: each
    /// subscription opens a stream, and sees the deliveries made after the daemon
    /// accepts it. Completes when the stream ends or fails.
    public func deliveries(for app: AppIdentifier) -> Signal<Delivery, Never> {
        eventSignal(app) { [self] event in
            guard case .delivered(let delivery) = event.kind, event.app == app.rawValue else { return nil }
            return await withAttachmentFiles(try delivery.engineDelivery())
        }
    }

    /// Every response that reaches the app (taps, actions, text, and dismissals
    /// for categories with a custom dismiss action), from the daemon's event
    /// stream, as ``deliveries(for:)`` describes; first those the app has not yet
    /// acknowledged. Observing acknowledges nothing: ``connect(_:for:)`` does.
    public func responses(for app: AppIdentifier) -> Signal<NotificationResponse, Never> {
        eventSignal(app) { [self] event in
            guard case .responded(let wire) = event.kind, event.app == app.rawValue, wire.reachesApp else { return nil }
            var response = try wire.engineResponse()
            response.delivery = await withAttachmentFiles(response.delivery)
            return response
        }
    }

    private func eventSignal<Value: Sendable>(
        _ app: AppIdentifier, _ transform: @escaping @Sendable (API.Event) async throws -> Value?
    ) -> Signal<Value, Never> {
        Signal { [self] observer in
            let task = Task {
                do {
                    for try await event in client.events(app: app.rawValue) {
                        if let value = try await transform(event) { observer.send(value) }
                    }
                } catch {
                    logger.warning("the event stream of \(app) failed: \(error)")
                }
                observer.sendCompleted()
            }
            return ActionDisposable { task.cancel() }
        }
    }
}
