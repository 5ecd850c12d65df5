import Foundation
import HTTPTypes
import HeraldAPI
import Logging
import NotificationEngine
import ServiceLifecycle
import Signals
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts each app's deliveries and responses to the webhook it registered, signed
/// with its secret, retrying with backoff; what is owed survives a restart.
///
/// Each POST carries one ``API/Event`` as JSON, a `delivered` or a `responded`
/// event, with
/// - `X-Herald-Event: <type>` and `X-Herald-Delivery: <delivery id>`, to dedupe on;
/// - `X-Herald-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`,
///   signed again at each attempt.
///
/// The event's `sequence` is the post's number in the daemon's webhook outbox:
/// it increases across restarts, by more than one where other apps' posts came
/// between.
///
/// A delivery is recorded in the ``WebhookOutbox`` when the engine presents it,
/// before the engine clears its own outbox entry, and a response when the engine
/// reports it; the post is sent from there. A 2xx answer ends it; a network
/// error, a redirect (3xx, never followed: it could steer the signed post to any
/// address), 408, 429 or 5xx is retried after each of the configured delays (by
/// default 1, 2, 4, 8 and 16 s), counting attempts made before a restart; any
/// other answer is logged and the post dropped. A `responded` post accepted is
/// the app's acknowledgement of the response: the engine forgets it, as it does
/// for one the app acknowledges on its event stream.
///
/// All of its time comes from the engine's scheduler: a retry is due the configured delay
/// after the attempt before it (after a restart, after the last attempt recorded), and the
/// outbox's and the signature's timestamps are the scheduler's `now`. On a virtual clock
/// retries wait until the clock is advanced.
final class WebhookPresenter: Presenter, OutboxSending {
    /// How a post ended.
    enum Outcome: OutboxOutcome {
        /// A 2xx answer, at the given attempt (counting attempts before a restart).
        case accepted(attempt: Int)
        /// An answer that is not retried (4xx other than 408 and 429).
        case refused(status: Int)
        /// Every attempt failed.
        case gaveUp(attempts: Int)
        /// The app no longer has a webhook.
        case noWebhook
        /// The daemon is stopping: the post stays in the outbox for the next start.
        case cancelled
        /// Another node sharing the database took the post over and sends it.
        case handedOver
    }

    private let registry: AppRegistry
    private let outbox: WebhookOutbox
    private let scheduler: any DateScheduler
    private let transport: any WebhookTransport
    let sender: OutboxSender<Outcome>
    private let responses = SerialDisposable()
    /// Tells the engine an app has a response (its post was accepted); set by ``follow(_:)``.
    private let acknowledge = Mutex<(@Sendable (DeliveryID, AppIdentifier) throws -> Void)?>(nil)
    private let logger = Logger(label: "herald.webhooks")

    init(
        registry: AppRegistry, outbox: WebhookOutbox, retryDelays: [Duration], scheduler: any DateScheduler,
        transport: any WebhookTransport = URLSessionWebhookTransport()
    ) {
        self.registry = registry
        self.outbox = outbox
        self.scheduler = scheduler
        self.transport = transport
        sender = OutboxSender(
            outbox: outbox, retryDelays: retryDelays, scheduler: scheduler, kind: "webhook", logger: logger)
    }

    deinit {
        responses.dispose()
    }

    /// Refuses a webhook address that is not an absolute `http` or `https` URL.
    static func validateURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw ServerError(
                status: .unprocessableContent, code: .invalidWebhookURL,
                message: "“\(text)” is not an http:// or https:// address")
        }
        return url
    }

    func present(_ presentation: Presentation) {
        record(.delivered(presentation.delivery))
    }

    /// Records the responses `engine` reports from now on, and acknowledges to it
    /// those whose posts are accepted.
    func follow(_ engine: NotificationEngine) {
        acknowledge.withLock { $0 = { [weak engine] id, app in try engine?.acknowledgeResponse(to: id, for: app) } }
        responses.inner = engine.events.subscribeNext { [weak self] event in
            if case .responded = event { self?.record(event) }
        }
    }

    /// Records the post of `event` if its app has a webhook, and queues it.
    private func record(_ event: NotificationEvent) {
        guard var wire = API.Event(event, name: \.rawValue), let app = registry.app(AppIdentifier(wire.app)), app.webhookURL != nil, let delivery = Self.delivery(of: wire)
        else { return }
        do {
            let post = try outbox.enqueue(type: wire.type.rawValue, delivery: delivery, app: wire.app, now: scheduler.now) { id in
                wire.sequence = Int(id)
                return try API.encoder().encode(wire)
            }
            if let post { sender.queue(post) }
        } catch {
            logger.error("cannot record the \(wire.type) webhook post of \(delivery) for \(wire.app): \(error)")
        }
    }

    /// The delivery an event posted to a webhook is about; only events about one are posted.
    private static func delivery(of event: API.Event) -> String? {
        switch event.kind {
        case .delivered(let delivery), .settingsOpened(let delivery?): delivery.id
        case .responded(let response): response.delivery.id
        default: nil
        }
    }

    /// One attempt at `post`.
    func attempt(_ post: WebhookOutbox.Post, _ attempt: Int) async -> OutboxSender<Outcome>.Attempt {
        guard let app = registry.app(AppIdentifier(post.app)), let url = app.webhookURL, let secret = app.webhookSecret
        else {
            logger.notice("\(post.app) no longer has a webhook: its \(post.type) post of \(post.delivery) is dropped")
            return .ended(.noWebhook)
        }
        do {
            let status = try await transport.send(signedRequest(url: url, post: post, secret: secret))
            if (200..<300).contains(status) {
                acknowledgeResponse(of: post)
                return .ended(.accepted(attempt: attempt))
            }
            // A redirect is not followed: it could steer the signed post to any address.
            if (300..<400).contains(status) {
                logger.warning("webhook \(url) answered \(status), a redirect, which is not followed (attempt \(attempt))")
                return .retry(notBefore: nil)
            }
            guard [408, 429].contains(status) || status >= 500 else {
                logger.warning("webhook \(url) refused \(post.type) for \(post.app) with \(status); not retried")
                return .ended(.refused(status: status))
            }
            logger.notice("webhook \(url) answered \(status) (attempt \(attempt))")
        } catch {
            logger.notice("webhook \(url) failed (attempt \(attempt)): \(error.localizedDescription)")
        }
        return .retry(notBefore: nil)
    }

    /// The app has the response a `responded` post carried. A dismissal it does
    /// not get was never kept, nor one it acknowledged on its event stream first.
    private func acknowledgeResponse(of post: WebhookOutbox.Post) {
        guard post.type == API.Event.Kind.Name.responded.rawValue, let id = DeliveryID(post.delivery),
            let acknowledge = acknowledge.withLock({ $0 })
        else { return }
        do {
            try acknowledge(id, AppIdentifier(post.app))
        } catch let error as NotificationError where error.code == .deliveryNotFound {
            // Nothing was kept for the app.
        } catch {
            logger.error("cannot acknowledge the response to \(post.delivery) of \(post.app); it is kept: \(error)")
        }
    }

    private func signedRequest(url: URL, post: WebhookOutbox.Post, secret: String) -> URLRequest {
        let timestamp = String(Int(scheduler.now.timeIntervalSince1970))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = post.body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(post.type, forHTTPHeaderField: "X-Herald-Event")
        request.setValue(post.delivery, forHTTPHeaderField: "X-Herald-Delivery")
        let signature = Secrets.signature(of: Data((timestamp + ".").utf8) + post.body, key: secret)
        request.setValue("t=\(timestamp),v1=\(signature)", forHTTPHeaderField: "X-Herald-Signature")
        return request
    }
}
