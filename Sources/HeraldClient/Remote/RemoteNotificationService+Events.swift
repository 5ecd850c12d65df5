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
    /// is open. Over HTTP the daemon never asks `willPresent` (see
    /// ``setForeground(_:for:)``), responses given while not connected are not
    /// handed over, and completion handlers are not reported back to the daemon.
    public func connect(_ handler: any NotificationAppHandler, for app: AppIdentifier) async throws -> any Disposable {
        let events = try await remote { try await client.openEvents(app: app.rawValue) }
        let task = Task { [self] in
            do {
                for try await event in events {
                    if case .settingsOpened(let delivery) = event.kind, event.app == app.rawValue {
                        var opened = try delivery?.engineDelivery()
                        if let from = opened { opened = await withAttachmentFiles(from) }
                        handler.openSettings(from: opened)
                        continue
                    }
                    guard let response = try await responseReachingApp(event, app) else { continue }
                    handler.didReceive(response) {}
                }
            } catch {
                logger.warning("the event stream of \(app) failed: \(error)")
            }
        }
        return ActionDisposable { task.cancel() }
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
    /// stream, as ``deliveries(for:)`` describes.
    public func responses(for app: AppIdentifier) -> Signal<NotificationResponse, Never> {
        eventSignal(app) { [self] event in try await responseReachingApp(event, app) }
    }

    /// The response of a `responded` event of the app, if the engine hands it to
    /// the app: a dismissal reaches it only with a custom dismiss action.
    private func responseReachingApp(_ event: API.Event, _ app: AppIdentifier) async throws -> NotificationResponse? {
        guard case .responded(let wire) = event.kind, event.app == app.rawValue else { return nil }
        var response = try wire.engineResponse()
        response.delivery = await withAttachmentFiles(response.delivery)
        guard response.kind == .dismiss else { return response }
        let categoryIdentifier = response.delivery.request.content.categoryIdentifier
        let category = try await client.categories(for: app.rawValue).first { $0.identifier == categoryIdentifier }
        return category?.options.contains("customDismissAction") == true ? response : nil
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
