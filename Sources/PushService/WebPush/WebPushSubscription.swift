public import Foundation

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it: the push
/// resource to send to (`endpoint`, a capability URL of the browser's push service)
/// and the keys to encrypt for.
///
/// ```json
/// {"endpoint": "https://updates.push.services.mozilla.com/wpush/v2/gAAAA…",
///  "expirationTime": null, "keys": {"p256dh": "BCVx…", "auth": "BTBZ…"}}
/// ```
public struct WebPushSubscription: Sendable, Equatable {
    /// The push resource.
    public var endpoint: URL
    public var keys: WebPushSubscriptionKeys
    /// When the push service ends the subscription, if it said.
    public var expirationTime: Date?

    /// The longest endpoint taken; push services' are about 200 bytes.
    public static let maximumEndpointLength = 2048

    /// A subscription from its parts.
    ///
    /// - Throws: ``WebPushError`` `invalidSubscription` for an endpoint that is not
    ///   an `https` URL with a host and no user name or password (`http` only on a
    ///   loopback address, for a push service on this machine), or for keys that
    ///   are not a subscription's (``WebPushSubscriptionKeys/init(p256dh:auth:)``).
    public init(endpoint: String, p256dh: String, auth: String, expirationTime: Date? = nil) throws {
        self.endpoint = try Self.checkedEndpoint(endpoint)
        keys = try WebPushSubscriptionKeys(p256dh: p256dh, auth: auth)
        self.expirationTime = expirationTime
    }

    /// The subscription a browser's `PushSubscription.toJSON()` wrote.
    ///
    /// - Throws: ``WebPushError`` `invalidSubscription` for JSON without an
    ///   endpoint and both keys, or whose parts are refused as ``init(endpoint:p256dh:auth:expirationTime:)``
    ///   refuses them.
    public init(json: Data) throws {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: json) else {
            throw WebPushError(
                .invalidSubscription, "a subscription is JSON with an endpoint and keys {p256dh, auth}")
        }
        try self.init(
            endpoint: wire.endpoint, p256dh: wire.keys.p256dh, auth: wire.keys.auth,
            expirationTime: wire.expirationTime.map { Date(timeIntervalSince1970: $0 / 1000) })
    }

    /// `PushSubscription.toJSON()`'s shape; `expirationTime` in milliseconds.
    struct Wire: Codable {
        struct Keys: Codable {
            var p256dh: String
            var auth: String
        }

        var endpoint: String
        var expirationTime: Double?
        var keys: Keys
    }

    private static func checkedEndpoint(_ text: String) throws -> URL {
        guard text.utf8.count <= maximumEndpointLength else {
            throw WebPushError(.invalidSubscription, "the endpoint is longer than \(maximumEndpointLength) bytes")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.user == nil, url.password == nil
        else {
            throw WebPushError(.invalidSubscription, "the endpoint “\(text)” is not an absolute URL with a host")
        }
        guard scheme == "https" || (scheme == "http" && HostAddress.isLoopback(host)) else {
            throw WebPushError(
                .invalidSubscription, "the endpoint “\(text)” is not https (http only on this machine's loopback)")
        }
        return url
    }
}
