/// The app's side of the notification center: decides how a notification that
/// arrives while the app is in the foreground is shown, and handles the user's
/// responses. Set it as ``UNUserNotificationCenter/delegate`` as the app starts,
/// so that responses given while it was not running reach it.
///
/// Implement each callback in whichever form suits: Apple's completion-handler
/// form or the `async` form. The completion-handler forms default to calling the
/// `async` forms, which default to showing nothing (`[]`) and ignoring the response.
///
/// ```swift
/// final class AppDelegate: UNUserNotificationCenterDelegate {
///     func userNotificationCenter(_ center: UNUserNotificationCenter,
///                                 willPresent notification: UNNotification) async
///         -> UNNotificationPresentationOptions {
///         [.banner, .list, .sound]
///     }
///
///     func userNotificationCenter(_ center: UNUserNotificationCenter,
///                                 didReceive response: UNNotificationResponse,
///                                 withCompletionHandler completionHandler: @escaping () -> Void) {
///         if response.actionIdentifier == "cancel" {
///             center.removePendingNotificationRequests(withIdentifiers: [response.notification.request.identifier])
///         }
///         completionHandler()
///     }
/// }
/// ```
///
/// Each completion handler must be called once. One never called is logged by the
/// engine and treated as called after its handler timeout (30 s by default); a
/// second call is ignored.
public protocol UNUserNotificationCenterDelegate: AnyObject, Sendable {
    /// A notification arrived while the app is in the foreground: call
    /// `completionHandler` with how to show it; `[]` shows nothing and does not
    /// keep it in the notification center.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    )

    /// A notification arrived while the app is in the foreground: return how to
    /// show it; `[]` (the default) shows nothing.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions

    /// The user answered a notification: handle it, then call `completionHandler`.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    )

    /// The user answered a notification: handle it before returning.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
}

extension UNUserNotificationCenterDelegate {
    /// Calls the `async` form and hands its answer to `completionHandler`.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        Task { completionHandler(await userNotificationCenter(center, willPresent: notification)) }
    }

    /// Shows nothing.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        []
    }

    /// Calls the `async` form, then `completionHandler`.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        Task {
            await userNotificationCenter(center, didReceive: response)
            completionHandler()
        }
    }

    /// Does nothing.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
}
