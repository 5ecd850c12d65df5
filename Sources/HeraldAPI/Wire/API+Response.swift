public import Foundation
public import NotificationModel

extension API {
    /// The body of `POST /v1/deliveries/{deliveryID}/response`: the user's answer.
    public struct ResponseBody: Codable, Sendable, Hashable {
        /// `com.apple.UNNotificationDefaultActionIdentifier` for a tap,
        /// `com.apple.UNNotificationDismissActionIdentifier` for a dismissal, or
        /// one of the category's action identifiers.
        public var actionIdentifier: String
        /// The text typed into a text-input action.
        public var userText: String?

        /// An answer.
        public init(actionIdentifier: String, userText: String? = nil) {
            self.actionIdentifier = actionIdentifier
            self.userText = userText
        }
    }

    /// What the user answered to a delivery, as the app receives it.
    ///
    /// A response is named by its delivery's `id`: a delivery is answered once.
    public struct Response: Codable, Sendable, Hashable {
        public var delivery: Delivery
        public var actionIdentifier: String
        public var userText: String?
        public var date: Date
        /// `default`, `dismiss`, `action` or `text`.
        public var kind: String
        /// Whether the answer goes to the app: every one but a dismissal of a
        /// category without `customDismissAction`. The daemon keeps such an answer
        /// until the app acknowledges it (`POST /v1/apps/{app}/responses/{delivery}/ack`).
        public var reachesApp: Bool

        /// The wire form of the engine's response.
        public init(_ response: NotificationResponse, reachesApp: Bool) {
            delivery = Delivery(response.delivery)
            actionIdentifier = response.actionIdentifier
            userText = response.userText
            date = response.date
            kind = response.kind.rawValue
            self.reachesApp = reachesApp
        }
    }

    /// How a delivery is shown: what the web notification center draws.
    public struct Presentation: Codable, Sendable, Hashable {
        public var delivery: Delivery
        /// `none` (notification center only), `banner` or `alert`.
        public var style: String
        /// `"default"`, a sound name, or `nil` for silence.
        public var sound: String?
        /// The app's badge after this delivery.
        public var badge: Int
        /// All the category's actions (an alert shows them).
        public var actions: [Action]
        /// The actions a banner shows.
        public var bannerActions: [Action]
        /// Whether dismissing it is reported to the app.
        public var reportsDismissal: Bool
        /// `true` when it is shown although the person's notifications are quiet (a
        /// Focus, Do Not Disturb): a critical one, or a time-sensitive one allowed
        /// to break through; left out otherwise.
        public var breaksThrough: Bool?

        /// The wire form of the engine's presentation.
        public init(_ presentation: EnginePresentation) {
            delivery = Delivery(presentation.delivery)
            style = presentation.style.rawValue
            sound = presentation.sound.map { $0.name ?? "default" }
            badge = presentation.badge
            actions = presentation.actions.map(Action.init)
            bannerActions = presentation.bannerActions.map(Action.init)
            reportsDismissal = presentation.reportsDismissal
            breaksThrough = presentation.breaksThrough ? true : nil
        }
    }
}
