import Foundation
import HeraldAPI
import Logging
import NotificationEngine
import PushService
import Signals
import Synchronization

/// Shows each delivery on the person's browsers by Web Push, with the web center
/// closed: one message per delivery and subscribed browser (``PushDirectory/browsers``,
/// those the person did not take off the app), encrypted for the browser (RFC 8291)
/// and signed with the daemon's VAPID key (RFC 8292). What is owed survives a restart:
/// each message is kept in an outbox first and sent from there (``OutboxSender``),
/// off the firing path.
///
/// Only deliveries shown on screen are pushed (a delivery kept in the list only is not):
/// a browser shows every push it gets. Each message carries an
/// ``API/WebPushNotification``, lasts ``timeToLive`` at the push service, is as urgent
/// as its interruption level, and has its request's tag as its `Topic`, so a newer
/// delivery of a request replaces one still waiting.
///
/// The push service's answer (``WebPushAnswer``): 201 ends the message; 404 or 410 ends
/// the subscription, which is forgotten; 408, 429 and 5xx are retried after the
/// configured delays, not before a `Retry-After` (of an hour at most); anything else ends
/// the message, logged.
final class WebPushPresenter: Presenter, OutboxSending {
    /// How a message ended.
    enum Outcome: OutboxOutcome {
        /// The push service took it, at the given attempt.
        case accepted(attempt: Int)
        /// The push service said the subscription is gone; the browser is forgotten.
        case gone
        /// An answer that is not retried.
        case refused(status: Int)
        /// The browser is no longer subscribed, or the message cannot be made.
        case dropped
        case gaveUp(attempts: Int)
        case cancelled
        case handedOver
    }

    /// How long a push service keeps a message for a browser that is away: a
    /// notification missed for a day is in the center's list instead.
    static let timeToLive = 24 * 3600
    /// The longest a push service's `Retry-After` holds a message back.
    static let longestRetryAfter: TimeInterval = 3600
    /// The outbox's post type of a message to `browser`.
    static func postType(_ browser: String) -> String { "webpush:" + browser }

    private let directory: PushDirectory
    /// What lets a browser's worker answer what it was pushed.
    let answerKeys: WebPushAnswerKeys
    private let registry: AppRegistry
    private let outbox: WebhookOutbox
    private let subject: String
    private let madeSigner = Mutex<VAPIDSigner?>(nil)
    private let scheduler: any DateScheduler
    private let transport: HTTPClientWebPushTransport
    private let subscriptions = WebPushSubscriptions()
    let sender: OutboxSender<Outcome>
    private let logger = Logger(label: "herald.webpush")

    /// - Parameter subject: The contact the VAPID tokens name (`mailto:` or `https:`).
    init(
        directory: PushDirectory, registry: AppRegistry, outbox: WebhookOutbox, subject: String, retryDelays: [Duration],
        scheduler: any DateScheduler, transport: HTTPClientWebPushTransport = HTTPClientWebPushTransport()
    ) {
        self.directory = directory
        answerKeys = WebPushAnswerKeys(directory: directory)
        self.registry = registry
        self.outbox = outbox
        self.subject = subject
        self.scheduler = scheduler
        self.transport = transport
        sender = OutboxSender(
            outbox: outbox, retryDelays: retryDelays, scheduler: scheduler, kind: "Web Push", logger: logger)
    }

    func present(_ presentation: Presentation) {
        guard presentation.style != .none else { return }
        let delivery = presentation.delivery
        let browsers = directory.browsers(receiving: delivery.app.rawValue)
        guard !browsers.isEmpty else { return }
        do {
            let name = registry.app(delivery.app)?.name ?? delivery.app.rawValue
            let payload = try API.WebPushNotification.json(
                of: presentation, appName: name, answerKey: try answerKeys.key(for: delivery.id.description))
            // One transaction for the delivery's messages to every browser.
            let posts = try outbox.enqueue(
                browsers.map { browser in
                    WebhookOutbox.NewPost(
                        type: Self.postType(browser.identifier), delivery: delivery.id.description, app: delivery.app.rawValue,
                        body: payload)
                },
                now: scheduler.now)
            for post in posts { sender.queue(post) }
        } catch {
            logger.error("cannot keep the Web Push messages of \(delivery.id) for \(delivery.app): \(error)")
        }
    }

    /// One attempt at `post`.
    func attempt(_ post: WebhookOutbox.Post, _ attempt: Int) async -> OutboxSender<Outcome>.Attempt {
        let identifier = String(post.type.dropFirst(Self.postType("").count))
        guard let browser = directory.browser(identifier) else {
            logger.notice("browser \(identifier) is no longer subscribed: its message for \(post.delivery) is dropped")
            subscriptions.forget(identifier)
            return .ended(.dropped)
        }
        let request: WebPushRequest
        do {
            request = try message(post).request(
                to: try subscriptions.subscription(of: browser),
                authorization: try vapidSigner().authorization(for: browser.endpoint, now: scheduler.now))
        } catch {
            logger.error("cannot make the Web Push message of \(post.delivery) for \(browser.name): \(error)")
            return .ended(.dropped)
        }
        do {
            let (status, retryAfter) = try await transport.send(request)
            switch WebPushAnswer(status: status, retryAfter: retryAfter, now: scheduler.now) {
            case .accepted:
                return .ended(.accepted(attempt: attempt))
            case .gone:
                forget(browser, status: status)
                return .ended(.gone)
            case .refused(let status):
                logger.warning("the push service of \(browser.name) refused the message of \(post.delivery) with \(status)")
                return .ended(.refused(status: status))
            case .retry(let after):
                logger.notice("the push service of \(browser.name) answered \(status) (attempt \(attempt))")
                // A service's Retry-After is kept to within an hour: a message waits no longer for it.
                return .retry(notBefore: after.map { min($0, scheduler.now + Self.longestRetryAfter) })
            }
        } catch {
            logger.notice("the push service of \(browser.name) failed (attempt \(attempt)): \(error.localizedDescription)")
            return .retry(notBefore: nil)
        }
    }

    /// Closes the connections to the push services: the daemon is stopping.
    func shutdown() async {
        await transport.shutdown()
    }

    /// The message a post holds: its notification, as urgent as its interruption level.
    private func message(_ post: WebhookOutbox.Post) throws -> WebPushMessage {
        let header = try JSONDecoder().decode(MessageHeader.self, from: post.body)
        let level = NotificationContent.InterruptionLevel(rawValue: header.interruptionLevel) ?? .active
        return WebPushMessage(
            payload: post.body, timeToLive: Self.timeToLive, urgency: WebPushMessage.Urgency(level), topic: header.tag)
    }

    /// What the sending reads of a message's ``API/WebPushNotification``: its tag
    /// (the `Topic`) and its interruption level (the urgency), the rest left unread.
    private struct MessageHeader: Decodable {
        let tag: String
        let interruptionLevel: String
    }

    /// The daemon's signer, made with its VAPID key the first time.
    private func vapidSigner() throws -> VAPIDSigner {
        if let made = madeSigner.withLock({ $0 }) { return made }
        let made = VAPIDSigner(key: try directory.vapidKey(), subject: subject)
        return madeSigner.withLock { signer in
            if let signer { return signer }
            signer = made
            return made
        }
    }

    private func forget(_ browser: BrowserSubscription, status: Int) {
        logger.notice("the push service of \(browser.name) answered \(status): the subscription is gone and forgotten")
        subscriptions.forget(browser.identifier)
        do {
            try directory.removeBrowser(browser.identifier)
        } catch let error as PushServiceError where error.code == .browserNotFound {
            // Forgotten already, by another message's answer.
        } catch {
            logger.error("cannot forget browser \(browser.identifier): \(error)")
        }
    }
}
