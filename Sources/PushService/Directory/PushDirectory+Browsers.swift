public import Foundation
import NotificationModel
import Synchronization

extension PushDirectory {
    // MARK: Browsers (Web Push)

    /// Every browser subscribed, oldest first.
    public var browsers: [BrowserSubscription] {
        state.withLock { $0.browsersOldestFirst }
    }

    /// The browser subscribed as `identifier`, if it still is.
    public func browser(_ identifier: String) -> BrowserSubscription? {
        state.withLock { $0.browsers[identifier] }
    }

    /// Subscribes the browser of `subscription` under `name`; a browser already
    /// subscribed with its endpoint keeps its identifier and excluded apps, and
    /// takes the new keys and name.
    ///
    /// - Throws: ``PushServiceError`` `invalidIdentifier` for a name that is empty or
    ///   longer than ``BrowserSubscription/maximumNameLength``, `storeFailure`.
    public func subscribeBrowser(_ subscription: WebPushSubscription, name: String, now: Date) throws -> BrowserSubscription {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...BrowserSubscription.maximumNameLength).contains(name.count), !name.contains(where: \.isNewline)
        else {
            throw PushServiceError(
                .invalidIdentifier, "a browser's name is 1 to \(BrowserSubscription.maximumNameLength) characters on one line")
        }
        return try change { state in
            var browser = state.browsers.values.first { $0.endpoint == subscription.endpoint }
                ?? BrowserSubscription(
                    identifier: "wps_" + Hexadecimal.text(of: Random.bytes(16)), endpoint: subscription.endpoint,
                    p256dh: "", auth: "", name: name, subscribedAt: now)
            browser.p256dh = subscription.keys.p256dh
            browser.auth = subscription.keys.auth
            browser.name = name
            state.browsers[browser.identifier] = browser
            return (.browserSaved(browser), browser)
        }
    }

    /// Whether the browser gets `app`'s notifications from now on.
    ///
    /// - Throws: ``PushServiceError`` `browserNotFound`, `storeFailure`.
    public func setBrowser(_ identifier: String, receives app: String, _ receives: Bool) throws -> BrowserSubscription {
        try change { state in
            guard var browser = state.browsers[identifier] else { throw Self.noBrowser(identifier) }
            browser.excludedApps.removeAll { $0 == app }
            if !receives { browser.excludedApps = (browser.excludedApps + [app]).sorted() }
            guard browser != state.browsers[identifier] else { return (nil, browser) }
            state.browsers[identifier] = browser
            return (.browserSaved(browser), browser)
        }
    }

    /// Forgets a browser: the person removed it, or its push service said it is gone.
    ///
    /// - Throws: ``PushServiceError`` `browserNotFound`, `storeFailure`.
    public func removeBrowser(_ identifier: String) throws {
        try change { state in
            guard state.browsers.removeValue(forKey: identifier) != nil else { throw Self.noBrowser(identifier) }
            return (.browserRemoved(identifier), ())
        }
    }

    /// The browsers that get `app`'s notifications.
    public func browsers(receiving app: String) -> [BrowserSubscription] {
        state.withLock { $0.browsers.values.filter { $0.receives(app) } }
    }

    private static func noBrowser(_ identifier: String) -> PushServiceError {
        PushServiceError(.browserNotFound, "no browser \(identifier) is subscribed")
    }

    // MARK: The VAPID key

    /// The application server key that signs the daemon's Web Push messages, made
    /// and kept the first time it is asked for; every node of a database uses the one
    /// made first.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure`, `invalidKey` for a kept key that
    ///   is not one.
    public func vapidKey() throws -> VAPIDKey {
        if let kept = state.withLock({ $0.vapidKey }) { return try Self.key(kept) }
        try reload(now: .distantFuture)
        if let kept = state.withLock({ $0.vapidKey }) { return try Self.key(kept) }
        let made = VAPIDKey()
        do {
            return try change { state in
                if let kept = state.vapidKey { return (nil, try Self.key(kept)) }
                state.vapidKey = try made.pemRepresentation
                return (.vapidKeyMade(try made.pemRepresentation), made)
            }
        } catch let error as PushServiceError where error.code == .keyTaken {
            // Another node made one first: its key is the one.
            try reload(now: .distantFuture)
            guard let kept = state.withLock({ $0.vapidKey }) else { throw error }
            return try Self.key(kept)
        }
    }

    private static func key(_ pem: String) throws -> VAPIDKey {
        do {
            return try VAPIDKey(pemRepresentation: pem)
        } catch {
            throw PushServiceError(.invalidKey, "the kept VAPID key is not a P-256 private key")
        }
    }
}
