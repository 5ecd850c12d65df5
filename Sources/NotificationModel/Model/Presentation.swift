/// How one delivery is to be shown, as the engine hands it to a presenter.
///
/// The engine builds it from the delivery, the app's settings and its category
/// at the moment the delivery is presented.
public struct Presentation: Sendable, Hashable, Codable {
    /// The delivery to show; a response to it names ``Delivery/id``.
    public var delivery: Delivery
    /// How it appears on screen: `.none` means only in the notification center
    /// (alerts are off, or the app in the foreground asked for `.list` only).
    public var style: AlertStyle
    /// The sound to play: `nil` for silence; a custom sound the engine cannot
    /// play (too long, not found) is already replaced by the default.
    public var sound: NotificationSound?
    /// The app's badge after this delivery (`0`: no badge).
    public var badge: Int
    /// The category's actions, in order (an alert shows them all); empty when the
    /// content names no registered category.
    public var actions: [NotificationAction]
    /// The actions a banner shows: ``NotificationCategory/bannerActions``.
    public var bannerActions: [NotificationAction]
    /// Whether the user's dismissal is reported to the app (the category has
    /// ``NotificationCategory/Options/customDismissAction``).
    public var reportsDismissal: Bool
    /// Whether it comes through although the person's notifications are quiet (a
    /// Focus, Do Not Disturb): a critical notification, or a time-sensitive one the
    /// person lets through. The desktop shows it with urgency 2.
    public var breaksThrough: Bool

    /// A presentation with these values; the engine makes them, tests and
    /// presenters fed by hand may too.
    ///
    /// - Parameters:
    ///   - delivery: The delivery to show.
    ///   - style: How it appears on screen; ``AlertStyle/none`` for the notification center only.
    ///   - sound: The sound to play, or `nil` for silence.
    ///   - badge: The app's badge after this delivery.
    ///   - actions: The category's actions, in order.
    ///   - bannerActions: The actions a banner shows.
    ///   - reportsDismissal: Whether a dismissal is reported to the app.
    ///   - breaksThrough: Whether it comes through a Focus or Do Not Disturb.
    public init(
        delivery: Delivery,
        style: AlertStyle,
        sound: NotificationSound?,
        badge: Int,
        actions: [NotificationAction],
        bannerActions: [NotificationAction],
        reportsDismissal: Bool,
        breaksThrough: Bool = false
    ) {
        self.delivery = delivery
        self.style = style
        self.sound = sound
        self.badge = badge
        self.actions = actions
        self.bannerActions = bannerActions
        self.reportsDismissal = reportsDismissal
        self.breaksThrough = breaksThrough
    }
}
