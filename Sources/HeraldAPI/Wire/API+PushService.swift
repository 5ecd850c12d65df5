public import Foundation
public import NotificationModel

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

extension API {
    /// The body of `POST /v1/push/send` (admin): a push to a device token, as a
    /// provider would send it to `POST /3/device/{token}`, without a provider token.
    public struct PushSend: Codable, Sendable, Hashable {
        /// The device token, 64 hexadecimal digits.
        public var deviceToken: String
        /// The app (`apns-topic`); by default the one the token belongs to.
        public var topic: String?
        /// `alert` (the default) or `background` (`apns-push-type`).
        public var pushType: String?
        /// The JSON payload, with its `aps` dictionary.
        public var payload: JSONValue
        /// `apns-collapse-id`: a later push with the same one replaces this one.
        public var collapseID: String?
        /// `apns-priority`: 10, 5 or 1.
        public var priority: Int?
        /// `apns-expiration`: a UNIX time in seconds the push waits for its device
        /// until; 0 delivers it now or never.
        public var expiration: Int?

        public init(
            deviceToken: String, topic: String? = nil, pushType: String? = nil, payload: JSONValue,
            collapseID: String? = nil, priority: Int? = nil, expiration: Int? = nil
        ) {
            self.expiration = expiration
            self.deviceToken = deviceToken
            self.topic = topic
            self.pushType = pushType
            self.payload = payload
            self.collapseID = collapseID
            self.priority = priority
        }
    }

    /// What the push service answered a push: its `apns-id` and Apple's status, with
    /// the refusal's reason (and, for `Unregistered`, when the token ended).
    public struct PushResult: Codable, Sendable, Hashable {
        public var apnsID: String
        public var status: Int
        public var reason: String?
        public var unregisteredAt: Date?

        public init(apnsID: String, status: Int, reason: String?, unregisteredAt: Date?) {
            self.apnsID = apnsID
            self.status = status
            self.reason = reason
            self.unregisteredAt = unregisteredAt
        }
    }
}
