/// How one delivery is to be shown, as the engine hands it to a ``Presenter``.
public struct Presentation: Sendable, Hashable, Codable {
    public var delivery: Delivery
    /// How it appears on screen: `.none` means only in the notification center
    /// (alerts are off, or the app in the foreground asked for `.list` only).
    public var style: AlertStyle
    /// The sound to play: `nil` for silence; a custom sound the engine cannot
    /// play (too long, not found) is already replaced by the default.
    public var sound: NotificationSound?
    /// The app's badge after this delivery.
    public var badge: Int
    /// The category's actions, in order (an alert shows them all).
    public var actions: [NotificationAction]
    /// The actions a banner shows.
    public var bannerActions: [NotificationAction]
    /// Whether the user's dismissal is reported to the app.
    public var reportsDismissal: Bool

    public init(
        delivery: Delivery,
        style: AlertStyle,
        sound: NotificationSound?,
        badge: Int,
        actions: [NotificationAction],
        bannerActions: [NotificationAction],
        reportsDismissal: Bool
    ) {
        self.delivery = delivery
        self.style = style
        self.sound = sound
        self.badge = badge
        self.actions = actions
        self.bannerActions = bannerActions
        self.reportsDismissal = reportsDismissal
    }
}

/// Shows deliveries to the user: a terminal, a web notification center, a webhook.
///
/// The engine calls ``present(_:)`` once per delivery after the delivery is
/// committed. After a crash a delivery may be handed over again with the same
/// ``Delivery/id``; a presenter that keeps state dedupes on it. A presenter
/// reports the user's answer through ``NotificationEngine/respond(to:actionIdentifier:userText:authenticated:for:)``.
/// Methods must return quickly; slow work belongs on the presenter's own queue.
public protocol Presenter: Sendable {
    func present(_ presentation: Presentation)

    /// The deliveries left the notification center (answered or removed by the app).
    func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier)

    /// The app's badge changed.
    func badgeChanged(to badge: Int, for app: AppIdentifier)

    /// An app asks for authorization and the policy is to ask the user: show the
    /// question; the answer goes to ``NotificationEngine/answerAuthorization(for:granted:)``.
    func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions)
}

extension Presenter {
    public func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier) {}
    public func badgeChanged(to badge: Int, for app: AppIdentifier) {}
    public func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions) {}
}
