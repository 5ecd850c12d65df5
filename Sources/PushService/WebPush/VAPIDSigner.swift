public import Foundation
import Synchronization

/// Signs the `vapid` authorizations of an application server's messages with its
/// ``VAPIDKey``, one token per push service (audience) kept and used again until an
/// hour before it ends, so a burst of messages signs once, not once each.
public final class VAPIDSigner: Sendable {
    /// How long a token is made to last (RFC 8292 allows up to 24 hours).
    public static let lifetime: TimeInterval = 12 * 3600
    /// How long before its end a token is made anew.
    static let renewal: TimeInterval = 3600

    public let key: VAPIDKey
    /// Whom the push services' operators may contact: a `mailto:` or `https:` URL.
    public let subject: String
    private let tokens = Mutex<[String: (value: String, expiresAt: Date)]>([:])

    public init(key: VAPIDKey, subject: String) {
        self.key = key
        self.subject = subject
    }

    /// The authorization for a message to `endpoint` at `now`.
    ///
    /// - Throws: ``WebPushError`` `invalidSubscription` for an endpoint without an origin.
    public func authorization(for endpoint: URL, now: Date) throws -> String {
        guard let audience = VAPIDAuthorization.audience(of: endpoint) else {
            throw WebPushError(.invalidSubscription, "the endpoint \(endpoint) has no origin")
        }
        if let kept = tokens.withLock({ $0[audience] }), kept.expiresAt.timeIntervalSince(now) > Self.renewal,
            kept.expiresAt.timeIntervalSince(now) <= Self.lifetime
        {
            return kept.value
        }
        let expiresAt = now + Self.lifetime
        let value = try key.authorization(audience: audience, subject: subject, expiresAt: expiresAt)
        tokens.withLock { $0[audience] = (value, expiresAt) }
        return value
    }
}
