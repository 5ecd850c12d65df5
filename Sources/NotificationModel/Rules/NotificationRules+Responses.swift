extension NotificationRules {
    /// Whether the user's dismissal of a delivery reaches the app, as a response
    /// with ``NotificationAction/dismissIdentifier``: only when its category has
    /// ``NotificationCategory/Options/customDismissAction``. Otherwise a dismissal
    /// only takes the delivery out of the notification center.
    ///
    /// - Parameter category: The delivery's category (``category(of:registered:)``).
    public static func dismissalReachesApp(_ category: NotificationCategory?) -> Bool {
        category?.options.contains(.customDismissAction) ?? false
    }

    /// Whether an answer reaches the app: a tap and every action do, a dismissal
    /// only as ``dismissalReachesApp(_:)`` says.
    ///
    /// - Parameters:
    ///   - actionIdentifier: ``NotificationAction/defaultIdentifier``,
    ///     ``NotificationAction/dismissIdentifier`` or an action's identifier.
    ///   - category: The delivery's category (``category(of:registered:)``).
    public static func reachesApp(actionIdentifier: String, category: NotificationCategory?) -> Bool {
        actionIdentifier != NotificationAction.dismissIdentifier || dismissalReachesApp(category)
    }

    /// Whether an answer brings the app to the foreground: a tap does, and an
    /// action with ``NotificationAction/Options/foreground``; a dismissal, a
    /// background action and an identifier the category does not have do not.
    ///
    /// - Parameters:
    ///   - actionIdentifier: ``NotificationAction/defaultIdentifier``,
    ///     ``NotificationAction/dismissIdentifier`` or an action's identifier.
    ///   - category: The delivery's category (``category(of:registered:)``).
    public static func opensApp(actionIdentifier: String, category: NotificationCategory?) -> Bool {
        switch actionIdentifier {
        case NotificationAction.defaultIdentifier: true
        case NotificationAction.dismissIdentifier: false
        default: category?.action(withIdentifier: actionIdentifier).map(opensApp(answering:)) ?? false
        }
    }

    /// Whether answering with one of a category's actions brings the app to the
    /// foreground: whether it has ``NotificationAction/Options/foreground``.
    ///
    /// - Parameter action: The action, as the delivery's category has it.
    public static func opensApp(answering action: NotificationAction) -> Bool {
        action.options.contains(.foreground)
    }
}
