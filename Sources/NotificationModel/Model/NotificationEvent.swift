public import Foundation

/// Something that happened in the engine, as ``NotificationEngine/events`` reports it:
/// the feed of the daemon's live event stream.
public enum NotificationEvent: Sendable, Hashable {
    /// A request fired and its delivery was committed.
    case delivered(Delivery)
    /// A delivery was handed to the presenters.
    case presented(Presentation)
    /// Deliveries left an app's notification center.
    case withdrawn(app: AppIdentifier, deliveries: [DeliveryID])
    /// The user answered a delivery. `reachesApp` says whether the answer goes to
    /// the app (a dismissal does only for a category with
    /// ``NotificationCategory/Options/customDismissAction``); such an answer is kept
    /// until the app has it: its handler completed, or, over HTTP, the app
    /// acknowledged it.
    case responded(NotificationResponse, reachesApp: Bool)
    /// An app's badge changed.
    case badgeChanged(app: AppIdentifier, badge: Int)
    /// An app asks for authorization and the user has to answer.
    case authorizationRequested(app: AppIdentifier, options: AuthorizationOptions)
    /// An app's authorization changed.
    case authorizationChanged(app: AppIdentifier, status: AuthorizationStatus)
    /// An app asked to use the machine's position, or the person answered: its
    /// location permission is now `authorization`.
    case locationAuthorizationChanged(app: AppIdentifier, authorization: LocationAuthorization)
    /// A response opened the app (a tap, or a foreground action).
    case appOpened(app: AppIdentifier)
    /// The user asked for the app's own notification settings, from the
    /// notification center's settings or from one of its notifications.
    case settingsOpened(app: AppIdentifier, delivery: Delivery?)
    /// The app asked to show the user its notification settings
    /// (``NotificationService/showNotificationSettings(for:)``): a notification
    /// center shows them.
    case settingsShown(app: AppIdentifier)
    /// The app added or removed pending requests. Firing is reported by
    /// ``delivered(_:)`` instead: a one-shot request leaves the pending list when it fires.
    case pendingChanged(app: AppIdentifier)
    /// A push asking for a background fetch (`content-available`) reached the
    /// app: `id` is its `apns-id`, `userInfo` its whole JSON payload (`aps`
    /// included), as the app's `didReceiveRemoteNotification` gets it. Sent for
    /// every such push, whether or not a handler of the app is connected in
    /// process, so that an app connected some other way (over the daemon's event
    /// stream) can run its fetch.
    case remoteNotificationReceived(app: AppIdentifier, id: UUID, userInfo: [String: JSONValue])
    /// What keeps notifications quiet changed: a Focus began or ended, was switched
    /// by hand or edited, the desktop's Do Not Disturb changed, or the summary times.
    case quietChanged(QuietState)
    /// Deliveries of an app wait for the scheduled summary at `until`; they are in
    /// its notification center meanwhile, without a banner.
    case heldForSummary(app: AppIdentifier, deliveries: [DeliveryID], until: Date)
    /// The scheduled summary was delivered with what waited for it.
    case summaryDelivered(NotificationSummary)
}
