/// Shows deliveries to the user: a terminal, a web notification center, a webhook.
///
/// The engine calls ``present(_:)`` once per delivery after the delivery is
/// committed, unless its app is in the foreground and does not ask for it (see
/// ``NotificationAppHandler/willPresent(_:completionHandler:)``).
/// After a crash a delivery may be handed over again with the same
/// ``Delivery/id``; a presenter that keeps state dedupes on it. A presenter
/// reports the user's answer through
/// ``NotificationEngine/respond(to:actionIdentifier:userText:authenticated:)``.
/// Methods must return quickly; slow work belongs on the presenter's own queue.
/// Only ``present(_:)`` is required; the other methods do nothing by default.
///
/// ```swift
/// final class LogPresenter: Presenter {
///     func present(_ presentation: Presentation) {
///         guard presentation.style != .none else { return }   // notification center only
///         let content = presentation.delivery.request.content
///         print("[\(presentation.delivery.app)] \(content.title): \(content.body)")
///     }
/// }
/// let subscription = engine.addPresenter(LogPresenter())
/// ```
public protocol Presenter: Sendable {
    /// Shows one delivery as `presentation` says: on screen in its
    /// ``Presentation/style`` (only in the notification center for
    /// ``AlertStyle/none``), with its sound and actions.
    func present(_ presentation: Presentation)

    /// The deliveries left the notification center (answered, removed by the app,
    /// or replaced by a newer delivery of the same request): stop showing them.
    /// A replaced delivery is withdrawn after its replacement was presented, so a
    /// presenter can replace it in place.
    func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier)

    /// The app's badge changed, set by the app or by a delivery; `0` clears it.
    func badgeChanged(to badge: Int, for app: AppIdentifier)

    /// An app asks for authorization and the policy is to ask the user: show the
    /// question; the answer goes to ``NotificationEngine/answerAuthorization(for:granted:)``.
    func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions)

    /// The scheduled summary came with the notifications that waited for it: show
    /// them together (the desktop shows one notification for the summary).
    func presentSummary(_ summary: NotificationSummary)
}

extension Presenter {
    /// Does nothing: a presenter that keeps nothing on screen need not withdraw.
    public func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier) {}
    /// Does nothing: a presenter that shows no badges ignores them.
    public func badgeChanged(to badge: Int, for app: AppIdentifier) {}
    /// Does nothing: a presenter that cannot ask the user leaves the question to others.
    public func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions) {}
    /// Presents each of the summary's notifications in turn, most relevant first.
    public func presentSummary(_ summary: NotificationSummary) {
        summary.presentations.forEach(present)
    }
}
