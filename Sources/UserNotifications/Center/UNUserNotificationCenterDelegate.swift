public import Foundation

/// The app's side of the notification center: decides how a notification that
/// arrives while the app is in the foreground is shown, and handles the user's
/// responses. Set it as ``UNUserNotificationCenter/delegate`` as the app starts,
/// so that responses given while it was not running reach it.
///
/// Implement each callback in whichever form suits: Apple's completion-handler
/// form or the `async` form. The completion-handler forms default to calling the
/// `async` forms, which default to showing nothing (`[]`) and ignoring the response.
///
/// As Apple's, the protocol inherits `NSObjectProtocol` only, so a delegate is
/// an `NSObject` subclass. Herald calls it on the engine's threads (Apple calls
/// it on the main thread): a delegate with mutable state protects it, or hops
/// to the main actor itself. A completion handler may be called from any thread.
///
/// ```swift
/// final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
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
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// A notification arrived while the app is in the foreground: call
    /// `completionHandler` with how to show it; `[]` shows nothing and does not
    /// keep it in the notification center.
    @preconcurrency
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
    @preconcurrency
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    )

    /// The user answered a notification: handle it before returning.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

    /// The user asked for the app's own notification settings (the app asked
    /// for `.providesAppNotificationSettings`), from `notification` or, when it
    /// is `nil`, from the notification center's settings: show them.
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    /// Calls the `async` form and hands its answer to `completionHandler`.
    @preconcurrency
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let delegate = UncheckedReference<any UNUserNotificationCenterDelegate>(self)
        Task { completionHandler(await delegate.value.userNotificationCenter(center, willPresent: notification)) }
    }

    /// Shows nothing.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        []
    }

    /// Calls the `async` form, then `completionHandler`.
    @preconcurrency
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let delegate = UncheckedReference<any UNUserNotificationCenterDelegate>(self)
        Task {
            await delegate.value.userNotificationCenter(center, didReceive: response)
            completionHandler()
        }
    }

    /// Does nothing.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}

    /// Does nothing.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
}
