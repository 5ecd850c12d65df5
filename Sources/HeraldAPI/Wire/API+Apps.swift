public import Foundation

extension API {
    /// The body of `POST /v1/apps` (admin): registers an app, which gets a token.
    public struct AppRegistration: Codable, Sendable, Hashable {
        /// Like a bundle identifier: 1–255 of `A-Z a-z 0-9 . - _`.
        public var identifier: String
        /// The name people see: "“Name” would like to send you notifications".
        public var name: String
        /// An `http` or `https` URL that receives the app's deliveries and
        /// background responses, signed; `nil` for none.
        public var webhookURL: String?

        /// A registration.
        public init(identifier: String, name: String, webhookURL: String? = nil) {
            self.identifier = identifier
            self.name = name
            self.webhookURL = webhookURL
        }
    }

    /// A registered app.
    public struct App: Codable, Sendable, Hashable {
        public var identifier: String
        public var name: String
        public var webhookURL: String?
        /// Bundled with the daemon (the seed apps), with a page at `pageURL`.
        public var bundled: Bool
        /// The app's page, for bundled apps: `/apps/{slug}/`.
        public var pageURL: String?
        public var registeredAt: Date

        /// An app.
        public init(
            identifier: String, name: String, webhookURL: String?, bundled: Bool, pageURL: String?, registeredAt: Date
        ) {
            self.identifier = identifier
            self.name = name
            self.webhookURL = webhookURL
            self.bundled = bundled
            self.pageURL = pageURL
            self.registeredAt = registeredAt
        }
    }

    /// The answer to a registration: the app and its secrets, shown this once.
    public struct AppCredentials: Codable, Sendable, Hashable {
        public var app: App
        /// The app's bearer token: `Authorization: Bearer <token>`.
        public var token: String
        /// The key of the webhook's `X-Herald-Signature` HMAC-SHA256, when a webhook is set.
        public var webhookSecret: String?

        /// Credentials.
        public init(app: App, token: String, webhookSecret: String?) {
            self.app = app
            self.token = token
            self.webhookSecret = webhookSecret
        }
    }

    /// The body of `POST /v1/debug/clock` (virtual clock only, admin).
    public struct ClockAdvance: Codable, Sendable, Hashable {
        /// Seconds to move the virtual clock forward; everything due fires before the answer.
        public var advanceSeconds: Double

        /// An advance.
        public init(advanceSeconds: Double) {
            self.advanceSeconds = advanceSeconds
        }
    }

    /// The daemon's clock.
    public struct Clock: Codable, Sendable, Hashable {
        public var now: Date
        /// Whether it is the virtual clock of `--virtual-clock`.
        public var isVirtual: Bool

        /// A clock reading.
        public init(now: Date, isVirtual: Bool) {
            self.now = now
            self.isVirtual = isVirtual
        }
    }
}
