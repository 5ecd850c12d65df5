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
final class WebhookPresenter: Presenter {
    /// How a post ended.
    enum Outcome: Sendable, Equatable {
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
    private let retryDelays: [Duration]
    private let scheduler: any DateScheduler
    private let transport: any WebhookTransport
    private let queued: AsyncStream<WebhookOutbox.Post>
    private let continuation: AsyncStream<WebhookOutbox.Post>.Continuation
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
        self.retryDelays = retryDelays
        self.scheduler = scheduler
        self.transport = transport
        (queued, continuation) = AsyncStream.makeStream(of: WebhookOutbox.Post.self)
    }

    deinit {
        responses.dispose()
        continuation.finish()
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
        var wire = API.Event(event, name: \.rawValue)
        guard let app = registry.app(AppIdentifier(wire.app)), app.webhookURL != nil, let delivery = Self.delivery(of: wire)
        else { return }
        do {
            let post = try outbox.enqueue(type: wire.type.rawValue, delivery: delivery, app: wire.app, now: scheduler.now) { id in
                wire.sequence = Int(id)
                return try API.encoder().encode(wire)
            }
            if let post { continuation.yield(post) }
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

    /// Sends the posts left from earlier runs, then each new one, until the
    /// daemon stops; a post in flight then is sent at the next start. When the
    /// outbox is shared, it also renews this node's leases and takes over the
    /// posts of nodes that stopped or died, and gives its own up when it stops.
    func run() async {
        guard outbox.isShared else { return await send(earlier: waiting()) }
        // The shared outbox waits on the database: keep that off Swift concurrency's threads.
        await withTaskExecutorPreference(BlockingExecutor.shared) {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.send(earlier: self.waiting()) }
                group.addTask { await self.shareLeases() }
                try? await gracefulShutdown()
                group.cancelAll()
            }
            do {
                try outbox.releaseLeases()
            } catch {
                logger.error("cannot give up the webhook posts' leases; other nodes take them over in \(WebhookOutbox.lease) s: \(error)")
            }
        }
    }

    /// What the outbox holds for this node to send now.
    private func waiting() -> [WebhookOutbox.Post] {
        do {
            return try outbox.waiting()
        } catch {
            logger.error("cannot read the webhook outbox \(outbox.path): \(error)")
            return []
        }
    }

    /// Sends `earlier`, then each post queued, until the daemon stops.
    private func send(earlier: [WebhookOutbox.Post]) async {
        let earlierIDs = Set(earlier.map(\.id))
        await withDiscardingTaskGroup { group in
            for post in earlier {
                group.addTask { _ = await self.send(post) }
            }
            for await post in queued.cancelOnGracefulShutdown() where !earlierIDs.contains(post.id) {
                group.addTask { _ = await self.send(post) }
            }
            // Stopping: posts waiting for a retry are sent at the next start.
            group.cancelAll()
        }
    }

    /// Every ``WebhookOutbox/renewal``: renews this node's leases, and sends the
    /// posts other nodes gave up or left behind.
    private func shareLeases() async {
        await withDiscardingTaskGroup { group in
            var failing = false
            while (try? await Task.sleep(for: WebhookOutbox.renewal)) != nil {
                do {
                    try outbox.renewLeases()
                    if failing { logger.notice("renewing the webhook posts' leases again") }
                    failing = false
                } catch {
                    // Once per outage, not four times a second.
                    if !failing { logger.error("cannot renew the webhook posts' leases: \(error)") }
                    failing = true
                    continue
                }
                for post in waiting() {
                    logger.notice("taking over the \(post.type) webhook post of \(post.delivery) for \(post.app)")
                    group.addTask { _ = await self.send(post) }
                }
            }
        }
    }

    /// Sends one post, retrying as configured; returns once it was accepted,
    /// given up on or cancelled.
    func send(_ post: WebhookOutbox.Post) async -> Outcome {
        let delays = [Duration.zero] + retryDelays
        var lastAttempt = post.updated
        // After a restart at least one attempt is made, even if the last was cut off.
        for attempt in min(post.attempts, delays.count - 1)..<delays.count {
            // The first attempt goes at once. (Waiting "until the post's own time" could wait for
            // ever on a virtual clock: a time read back from the outbox may lie a few hundred
            // nanoseconds after the one written.)
            if delays[attempt] > .zero {
                guard await scheduler.sleep(until: lastAttempt + delays[attempt].seconds) else { return .cancelled }
            } else if Task.isCancelled {
                return .cancelled
            }
            guard let app = registry.app(AppIdentifier(post.app)), let url = app.webhookURL,
                let secret = app.webhookSecret
            else {
                logger.notice("\(post.app) no longer has a webhook: its \(post.type) post of \(post.delivery) is dropped")
                return finish(post, .noWebhook)
            }
            lastAttempt = scheduler.now
            do {
                guard try outbox.recordAttempt(of: post.id, now: lastAttempt) else {
                    logger.notice("another node took the \(post.type) webhook post of \(post.delivery) over")
                    return .handedOver
                }
                let status = try await transport.send(signedRequest(url: url, post: post, secret: secret))
                if (200..<300).contains(status) {
                    acknowledgeResponse(of: post)
                    return finish(post, .accepted(attempt: attempt + 1))
                }
                // A redirect is not followed: it could steer the signed post to any address.
                if (300..<400).contains(status) {
                    logger.warning("webhook \(url) answered \(status), a redirect, which is not followed (attempt \(attempt + 1))")
                    continue
                }
                guard [408, 429].contains(status) || status >= 500 else {
                    logger.warning("webhook \(url) refused \(post.type) for \(post.app) with \(status); not retried")
                    return finish(post, .refused(status: status))
                }
                logger.notice("webhook \(url) answered \(status) (attempt \(attempt + 1))")
            } catch {
                if Task.isCancelled { return .cancelled }
                logger.notice("webhook \(url) failed (attempt \(attempt + 1)): \(error.localizedDescription)")
            }
        }
        logger.error("webhook of \(post.app) gave up on \(post.type) of \(post.delivery) after \(delays.count) attempts")
        return finish(post, .gaveUp(attempts: delays.count))
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

    private func finish(_ post: WebhookOutbox.Post, _ outcome: Outcome) -> Outcome {
        do {
            try outbox.finish(post.id, now: scheduler.now)
        } catch {
            logger.error("cannot mark the webhook post \(post.id) done; it may be sent again: \(error)")
        }
        return outcome
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

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
    }
}
