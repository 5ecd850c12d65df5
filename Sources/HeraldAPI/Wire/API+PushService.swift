public import Foundation

extension API {
    /// The body of `POST /v1/push/keys` (admin): a provider's signing key, from the
    /// `.p8` file Apple hands out, for a team owning some topics.
    public struct PushKeyUpload: Codable, Sendable, Hashable {
        /// The key identifier: the `kid` of the provider's tokens.
        public var identifier: String
        /// The team: the `iss` of the provider's tokens.
        public var team: String
        /// The `.p8` file's text (a P-256 private key in PKCS#8 PEM). Only its public
        /// key is kept.
        public var p8: String
        /// The app identifiers (`apns-topic`) the team may push to.
        public var topics: [String]

        public init(identifier: String, team: String, p8: String, topics: [String]) {
            self.identifier = identifier
            self.team = team
            self.p8 = p8
            self.topics = topics
        }
    }

    /// A registered provider key (its public part is not shown).
    public struct PushKey: Codable, Sendable, Hashable {
        public var identifier: String
        public var team: String
        public var topics: [String]
        public var addedAt: Date

        public init(identifier: String, team: String, topics: [String], addedAt: Date) {
            self.identifier = identifier
            self.team = team
            self.topics = topics
            self.addedAt = addedAt
        }
    }

    /// An app on a device registered for remote notifications, as `GET /v1/push/devices` lists it.
    public struct PushDevice: Codable, Sendable, Hashable {
        /// The device token, 64 hexadecimal digits: the path of `POST /3/device/{token}`.
        public var token: String
        public var app: String
        /// `local` for the daemon's own machine.
        public var device: String
        public var registeredAt: Date
        /// When the app unregistered; pushes to the token are then `Unregistered`.
        public var unregisteredAt: Date?

        public init(token: String, app: String, device: String, registeredAt: Date, unregisteredAt: Date?) {
            self.token = token
            self.app = app
            self.device = device
            self.registeredAt = registeredAt
            self.unregisteredAt = unregisteredAt
        }
    }
}
