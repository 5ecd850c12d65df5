public import Foundation

extension API {
    /// `GET /v1/push/receivers` (admin): who receives pushes through Herald as a push
    /// service, each with its subscriptions: browsers on the push socket (Firefox with
    /// `dom.push.serverURL` at the daemon) and UnifiedPush apps on the desktop.
    public struct PushReceivers: Codable, Sendable, Hashable {
        public var receivers: [PushReceiver]

        public init(receivers: [PushReceiver]) {
            self.receivers = receivers
        }
    }

    /// One receiver of pushes through Herald. Its subscriptions' endpoints, capability
    /// URLs, are not shown.
    public struct PushReceiver: Codable, Sendable, Hashable {
        public enum Kind: String, Codable, Sendable, Hashable {
            case browser
            case unifiedPush
        }

        /// `ua:` and the browser's identifier, or `up:` and the app's D-Bus name: the
        /// receiver's name in `DELETE /v1/push/receivers/{receiver}/subscriptions/{channel}`.
        public var receiver: String
        public var kind: Kind
        /// The browser's identifier, or the app's D-Bus name (`org.example.Chat`).
        public var name: String
        /// Whether this node reaches it now (a browser's socket is open; the
        /// distributor is on the session bus).
        public var connected: Bool
        public var subscriptions: [PushReceiverSubscription]

        public init(receiver: String, kind: Kind, name: String, connected: Bool, subscriptions: [PushReceiverSubscription]) {
            self.receiver = receiver
            self.kind = kind
            self.name = name
            self.connected = connected
            self.subscriptions = subscriptions
        }
    }

    /// A subscription of a receiver: its own name for it (a browser's `channelID`, a
    /// UnifiedPush app's token), when it was made, and whether its application server
    /// signs with VAPID.
    public struct PushReceiverSubscription: Codable, Sendable, Hashable {
        public var channel: String
        public var subscribedAt: Date
        public var vapid: Bool

        public init(channel: String, subscribedAt: Date, vapid: Bool) {
            self.channel = channel
            self.subscribedAt = subscribedAt
            self.vapid = vapid
        }
    }
}
