/// The rules every tier applies to a delivery in the same way: the engine, the
/// presenters, the daemon's web center (which gets their results on the wire),
/// webhooks and ``NotificationService`` clients.
///
/// Each is a pure function of the delivery's category, the one it was made with
/// (``category(of:registered:)``): a category the app registers after a delivery
/// changes neither what that delivery offers nor where its answers go.
///
/// ```swift
/// let category = NotificationRules.category(of: delivery, registered: [])
/// let reportsDismissal = NotificationRules.dismissalReachesApp(category)
/// let buttons = NotificationRules.bannerActions(of: category)
/// ```
public enum NotificationRules {
    /// The category a delivery is answered and presented by: the one it was made
    /// with (``Delivery/category``); for a delivery stored before deliveries kept
    /// their category, the registered one its content names; `nil` when there is
    /// none.
    ///
    /// - Parameters:
    ///   - delivery: The delivery.
    ///   - registered: The app's categories now, used only for a delivery stored
    ///     without its category.
    public static func category(of delivery: Delivery, registered: [NotificationCategory]) -> NotificationCategory? {
        delivery.category ?? registered.first { $0.identifier == delivery.request.content.categoryIdentifier }
    }
}
