public import Foundation

extension API {
    /// `GET /v1/push/browsers` (admin): the key a browser subscribes with, and the
    /// browsers subscribed to the daemon's notifications by Web Push.
    public struct PushBrowsers: Codable, Sendable, Hashable {
        /// The daemon's VAPID public key in base64url: `pushManager.subscribe`'s
        /// `applicationServerKey`.
        public var applicationServerKey: String
        public var browsers: [PushBrowser]

        public init(applicationServerKey: String, browsers: [PushBrowser]) {
            self.applicationServerKey = applicationServerKey
            self.browsers = browsers
        }
    }

    /// A browser subscribed to Web Push. Its endpoint, a capability URL, is not shown:
    /// only the push service it is on.
    public struct PushBrowser: Codable, Sendable, Hashable {
        /// `wps_` and 32 hexadecimal digits.
        public var identifier: String
        /// What the person sees it as ("Firefox on Linux").
        public var name: String
        /// The origin of its push service (`https://updates.push.services.mozilla.com`).
        public var pushService: String
        public var subscribedAt: Date
        /// The apps whose notifications it does not get.
        public var excludedApps: [String]

        public init(identifier: String, name: String, pushService: String, subscribedAt: Date, excludedApps: [String]) {
            self.identifier = identifier
            self.name = name
            self.pushService = pushService
            self.subscribedAt = subscribedAt
            self.excludedApps = excludedApps
        }
    }

    /// The body of `POST /v1/push/browsers` (admin): the subscription a browser's
    /// `pushManager.subscribe` made, as `PushSubscription.toJSON()` writes it, and a
    /// name for it (without one, the daemon names it from the request's `User-Agent`).
    public struct PushBrowserSubscribe: Codable, Sendable, Hashable {
        public var subscription: PushSubscriptionJSON
        public var name: String?

        public init(subscription: PushSubscriptionJSON, name: String? = nil) {
            self.subscription = subscription
            self.name = name
        }
    }

    /// `PushSubscription.toJSON()`.
    public struct PushSubscriptionJSON: Codable, Sendable, Hashable {
        public struct Keys: Codable, Sendable, Hashable {
            public var p256dh: String
            public var auth: String

            public init(p256dh: String, auth: String) {
                self.p256dh = p256dh
                self.auth = auth
            }
        }

        public var endpoint: String
        /// Milliseconds since 1970, or `null`.
        public var expirationTime: Double?
        public var keys: Keys

        public init(endpoint: String, expirationTime: Double? = nil, keys: Keys) {
            self.endpoint = endpoint
            self.expirationTime = expirationTime
            self.keys = keys
        }
    }

    /// The body of `PUT /v1/push/browsers/{browser}/apps/{app}` (admin).
    public struct PushBrowserApp: Codable, Sendable, Hashable {
        /// Whether the browser gets the app's notifications.
        public var receives: Bool

        public init(receives: Bool) {
            self.receives = receives
        }
    }

    /// What the web center's service worker gets in each push (decrypted by the
    /// browser): a delivery to show as a system notification, with the actions a
    /// banner shows, and what it needs to answer it.
    public struct WebPushNotification: Codable, Sendable, Hashable {
        /// The delivery to answer (`POST /v1/deliveries/{id}/response`).
        public var delivery: String
        public var app: String
        /// The app's display name.
        public var appName: String
        public var title: String
        public var subtitle: String
        public var body: String
        /// The notification's tag: a newer one with the same tag replaces it on screen
        /// (the request's identifier, made the same as the push's `Topic`).
        public var tag: String
        public var date: Date
        /// `passive`, `active`, `timeSensitive` or `critical`.
        public var interruptionLevel: String
        /// Whether a sound is played.
        public var sound: Bool
        /// The banner's actions (a browser shows at most two).
        public var actions: [Action]
        /// Whether the body was cut to fit a push (4 KiB).
        public var isTruncated: Bool
        /// Whether closing the notification is an answer the app gets (its category's
        /// custom dismiss action).
        public var reportsDismissal: Bool
        /// What answers this delivery at `POST /v1/push/answers`, for the browser that
        /// got it only: the push is encrypted for that browser.
        public var answerKey: String

        public init(
            delivery: String, app: String, appName: String, title: String, subtitle: String, body: String, tag: String,
            date: Date, interruptionLevel: String, sound: Bool, actions: [Action], isTruncated: Bool = false,
            reportsDismissal: Bool = false, answerKey: String
        ) {
            self.delivery = delivery
            self.app = app
            self.appName = appName
            self.title = title
            self.subtitle = subtitle
            self.body = body
            self.tag = tag
            self.date = date
            self.interruptionLevel = interruptionLevel
            self.sound = sound
            self.actions = actions
            self.isTruncated = isTruncated
            self.reportsDismissal = reportsDismissal
            self.answerKey = answerKey
        }
    }

    /// The body of `POST /v1/push/answers`: the web center's service worker answering
    /// a delivery its browser showed, with the key the push carried (no session: the
    /// center may be closed).
    public struct WebPushAnswer: Codable, Sendable, Hashable {
        public var delivery: String
        public var key: String
        /// The action: an action's identifier, or Apple's default or dismiss identifier.
        public var actionIdentifier: String
        /// The text typed, for a text-input action.
        public var userText: String?
        /// Whether the worker opens the center: the answer then holds an address that
        /// signs this browser in (once per delivery).
        public var opensCenter: Bool

        public init(delivery: String, key: String, actionIdentifier: String, userText: String? = nil, opensCenter: Bool) {
            self.delivery = delivery
            self.key = key
            self.actionIdentifier = actionIdentifier
            self.userText = userText
            self.opensCenter = opensCenter
        }
    }

    /// The answer to `POST /v1/push/answers`.
    public struct WebPushAnswered: Codable, Sendable, Hashable {
        /// Whether the app has the answer; `false` for an action that needs the person
        /// signed in (`authenticationRequired`), which the center answers once open.
        public var answered: Bool
        /// The address the worker opens (`/login?code=…&next=…`), if it opens the center.
        public var open: String?

        public init(answered: Bool, open: String?) {
            self.answered = answered
            self.open = open
        }
    }
}
