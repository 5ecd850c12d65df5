public import Foundation

/// A browser the person subscribed to the daemon's notifications, as the push
/// directory keeps it: its push subscription, a name to tell it apart, and the apps
/// whose notifications it does not get.
public struct BrowserSubscription: Sendable, Codable, Equatable {
    /// `wps_` and 128 random bits in hexadecimal.
    public var identifier: String
    public var endpoint: URL
    public var p256dh: String
    public var auth: String
    /// What the person sees it as ("Firefox on Linux").
    public var name: String
    public var subscribedAt: Date
    /// The apps the person took this browser off; every other app's notifications reach it.
    public var excludedApps: [String]

    public init(
        identifier: String, endpoint: URL, p256dh: String, auth: String, name: String, subscribedAt: Date,
        excludedApps: [String] = []
    ) {
        self.identifier = identifier
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.name = name
        self.subscribedAt = subscribedAt
        self.excludedApps = excludedApps
    }

    /// The subscription to send to.
    public var subscription: WebPushSubscription {
        get throws { try WebPushSubscription(endpoint: endpoint.absoluteString, p256dh: p256dh, auth: auth) }
    }

    /// Whether `app`'s notifications reach this browser.
    public func receives(_ app: String) -> Bool {
        !excludedApps.contains(app)
    }

    /// The longest name kept.
    public static let maximumNameLength = 100
}
