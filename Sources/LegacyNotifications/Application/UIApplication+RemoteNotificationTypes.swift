import NotificationModel
import Synchronization

/// iOS 3–7's registration for remote notifications, deprecated as Apple
/// deprecated it in iOS 8.
extension UIApplication {
    /// Registers for remote notifications that get the user's attention in the
    /// ways `types` names, as iOS 3–7 did: the user is asked whether the app
    /// may alert, badge and play sounds (once; later calls get the stored
    /// answer, and the user may change it in the notification center's
    /// settings), then the app registers with the push service as
    /// ``registerForRemoteNotifications()`` does, so the delegate's
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` or
    /// `application(_:didFailToRegisterForRemoteNotificationsWithError:)` hears of it
    /// once the user has answered. Unlike ``registerUserNotificationSettings(_:)``,
    /// it calls no `application(_:didRegister:)`, as iOS 7 had none; a failure to
    /// ask is reported on ``notificationErrors``.
    /// ``UIRemoteNotificationType/newsstandContentAvailability`` asks the user
    /// nothing; an empty `types` only registers.
    @available(
        *, deprecated,
        message:
            "Use -[UIApplication registerForRemoteNotifications] and UserNotifications Framework's -[UNUserNotificationCenter requestAuthorizationWithOptions:completionHandler:]"
    )
    public func registerForRemoteNotifications(matching types: UIRemoteNotificationType) {
        runtime.withLock { $0.remoteNotificationTypes = types.rawValue }
        let options = types.userNotificationTypes.authorizationOptions
        let answer = options.isEmpty ? nil : startAuthorization(options)
        _ = BlockingCall.start { [self] in
            if case .failure(let error) = await answer?.result {
                report(error, "registerForRemoteNotifications(matching:)")
            }
            return await registerRemote()
        }
    }

    /// The types of remote notification the app accepts, as iOS 3–7 reported
    /// them: none while the app is not registered for remote notifications
    /// (``isRegisteredForRemoteNotifications``), else the alert, badge and sound
    /// the user allows the app now (the types of
    /// ``currentUserNotificationSettings``), with
    /// ``UIRemoteNotificationType/newsstandContentAvailability`` if this
    /// application's last ``registerForRemoteNotifications(matching:)`` asked for it.
    @available(
        *, deprecated,
        message:
            "Use -[UIApplication isRegisteredForRemoteNotifications] and UserNotifications Framework's -[UNUserNotificationCenter getNotificationSettingsWithCompletionHandler:] to retrieve user-enabled remote notification and user notification settings"
    )
    public func enabledRemoteNotificationTypes() -> UIRemoteNotificationType {
        guard isRegisteredForRemoteNotifications else { return [] }
        let allowed = currentUserNotificationSettings?.types ?? []
        let requested = UIRemoteNotificationType(rawValue: runtime.withLock { $0.remoteNotificationTypes })
        return UIRemoteNotificationType(rawValue: allowed.rawValue)
            .union(requested.intersection(.newsstandContentAvailability))
    }
}
