public import Foundation

extension API {
    /// `POST /v1/push/invites` (admin, on the push service): an invite for a device on
    /// another machine.
    public struct PushInviteRequest: Codable, Sendable, Hashable {
        /// The name the device gets (`laptop`).
        public var name: String

        public init(name: String) { self.name = name }
    }

    /// A one-time invite: the code a device enrolls with, within the hour, and where
    /// to connect: the provider API's address and its certificate's fingerprint.
    public struct PushInvite: Codable, Sendable, Hashable {
        public var code: String
        public var name: String
        public var expiresAt: Date
        /// The push listener's address, when it listens.
        public var url: String?
        /// Its certificate's SHA-256 fingerprint; `nil` for plaintext HTTP/2.
        public var fingerprint: String?

        public init(code: String, name: String, expiresAt: Date, url: String?, fingerprint: String?) {
            (self.code, self.name, self.expiresAt, self.url, self.fingerprint) = (code, name, expiresAt, url, fingerprint)
        }
    }

    /// `POST /v1/push/upstream` (admin, on the device): enroll with a push service on
    /// another machine and keep a link to it.
    public struct PushConnectRequest: Codable, Sendable, Hashable {
        /// The service's provider API address, `https://host:port`.
        public var url: String
        /// Its certificate's fingerprint, as `herald push invite` printed it; `nil` only
        /// for `http://` on a loopback address.
        public var fingerprint: String?
        /// The invite's code.
        public var code: String

        public init(url: String, fingerprint: String?, code: String) {
            (self.url, self.fingerprint, self.code) = (url, fingerprint, code)
        }
    }

    /// A device on another machine enrolled with this push service (`GET /v1/push/enrolled`).
    public struct EnrolledDevice: Codable, Sendable, Hashable {
        public var identifier: String
        public var name: String
        public var enrolledAt: Date
        /// Whether its link is held by this node now.
        public var linked: Bool

        public init(identifier: String, name: String, enrolledAt: Date, linked: Bool) {
            (self.identifier, self.name, self.enrolledAt, self.linked) = (identifier, name, enrolledAt, linked)
        }
    }

    /// The push service this daemon is a device of (`GET /v1/push/upstream`).
    public struct PushUpstream: Codable, Sendable, Hashable {
        public var url: String
        public var fingerprint: String?
        /// This device's identifier at the service, and its name there.
        public var device: String
        public var name: String
        /// Whether the link is up now.
        public var connected: Bool

        public init(url: String, fingerprint: String?, device: String, name: String, connected: Bool) {
            (self.url, self.fingerprint, self.device, self.name, self.connected) = (url, fingerprint, device, name, connected)
        }
    }
}
