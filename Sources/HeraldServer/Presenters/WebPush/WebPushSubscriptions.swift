import Foundation
import PushService
import Synchronization

/// The subscriptions of the browsers Web Push messages go to, each read from its
/// parts once (the endpoint checked, the keys decoded, the public key read as a point
/// of P-256) and used again for the browser's next messages while it keeps its
/// endpoint and keys.
final class WebPushSubscriptions: Sendable {
    private struct Read {
        let browser: BrowserSubscription
        let subscription: WebPushSubscription
    }

    private let read = Mutex<[String: Read]>([:])

    init() {}

    /// The subscription to send `browser`'s messages to.
    ///
    /// - Throws: ``WebPushError`` `invalidSubscription` for parts that are not a
    ///   subscription's (``BrowserSubscription/subscription``).
    func subscription(of browser: BrowserSubscription) throws -> WebPushSubscription {
        if let kept = read.withLock({ $0[browser.identifier] }), kept.browser.endpoint == browser.endpoint,
            kept.browser.p256dh == browser.p256dh, kept.browser.auth == browser.auth
        {
            return kept.subscription
        }
        let subscription = try browser.subscription
        read.withLock { $0[browser.identifier] = Read(browser: browser, subscription: subscription) }
        return subscription
    }

    /// Forgets what was read of a browser that is no longer subscribed.
    func forget(_ identifier: String) {
        _ = read.withLock { $0.removeValue(forKey: identifier) }
    }
}
