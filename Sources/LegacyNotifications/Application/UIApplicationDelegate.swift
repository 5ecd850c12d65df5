public import Foundation

/// The key of the response info that holds the text the user typed into a
/// text-input action.
public let UIUserNotificationActionResponseTypedTextKey = "UIUserNotificationActionResponseTypedTextKey"

/// What the app hears about its notifications, shaped like the notification
/// methods of iOS 8's `UIApplicationDelegate`. Every method has a default
/// implementation, so an app implements only those it needs.
///
/// As UIKit's, the protocol inherits `NSObjectProtocol` only, so a delegate is
/// an `NSObject` subclass. The methods are called synchronously on the thread
/// the engine delivers on (UIKit calls them on the main thread), so a delegate
/// with mutable state protects it. A completion handler must be called once the
/// work is done, from any thread; one never called times out in the engine and
/// is logged.
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// The app is launching (``UIApplication/launch(with:)``), before
    /// ``application(_:didFinishLaunchingWithOptions:)``, with the same options.
    /// Return `false` if the app cannot handle what it was launched for.
    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The app finished launching (``UIApplication/launch(with:)``); the options
    /// hold the notification whose tap launched it, if one did. Return `false`
    /// if the app cannot handle what it was launched for.
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The user's answer to ``UIApplication/registerUserNotificationSettings(_:)``:
    /// the types allowed (empty if refused) and the registered categories.
    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings)

    /// A notification arrived while the app was in the foreground (it is not
    /// shown to the user), or the user opened the app by tapping one (the app is
    /// ``UIApplication/State/inactive`` during the call, then becomes active).
    func application(_ application: UIApplication, didReceive notification: UILocalNotification)

    /// The user chose one of the notification's actions. A background action runs
    /// with the app in the background; a foreground one opens it (inactive during
    /// the call, then active).
    @preconcurrency
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void)

    /// The user chose one of the notification's actions (iOS 9); `responseInfo`
    /// holds the typed text of a text-input action under
    /// ``UIUserNotificationActionResponseTypedTextKey``. Always called for an
    /// action; the default implementation calls
    /// ``application(_:handleActionWithIdentifier:for:completionHandler:)``.
    @preconcurrency
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void)

    /// The `async` form of ``application(_:handleActionWithIdentifier:for:withResponseInfo:completionHandler:)``
    /// (iOS 15): handle the action before returning. Called when the app
    /// implements neither completion-handler form; the default calls
    /// ``application(_:handleActionWithIdentifier:for:)``.
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any]) async

    /// The `async` form of ``application(_:handleActionWithIdentifier:for:completionHandler:)``
    /// (iOS 15): handle the action before returning. The default does nothing.
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification) async

    /// The app registered for remote notifications
    /// (``UIApplication/registerForRemoteNotifications()``): send `deviceToken`
    /// (32 bytes) to the server that pushes to the app. Called on the main actor,
    /// as UIKit calls it on the main thread.
    @MainActor
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)

    /// The app could not register for remote notifications: no push service is
    /// configured, or it cannot be reached (a ``NotificationError`` with
    /// ``NotificationError/Code/remoteNotificationsUnavailable``). Called on the
    /// main actor, as UIKit calls it on the main thread.
    @MainActor
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)

    /// A push asking for a background fetch (`content-available`) reached the
    /// running app: fetch what it announces, then call `completionHandler` with
    /// the result within 30 seconds. `userInfo` is the push's payload, `aps`
    /// included. Called on the main actor, as UIKit calls it on the main thread.
    @MainActor
    @preconcurrency
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void)

    /// A remote notification reached the app in the foreground, or the user
    /// opened the app by tapping one (the app is ``UIApplication/State/inactive``
    /// during the call, then becomes active): iOS 3's form, called only when the
    /// app implements neither
    /// ``application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`` nor
    /// a `UNUserNotificationCenter` delegate, and never while the app is in the
    /// background (a background push then reaches nothing) nor for the push whose
    /// tap launched the app (it is in the launch options under
    /// ``UIApplication/LaunchOptionsKey/remoteNotification``). `userInfo` is the
    /// push's payload, `aps` included.
    @MainActor
    @available(
        *, deprecated,
        message:
            "Use UserNotifications Framework's -[UNUserNotificationCenterDelegate willPresentNotification:withCompletionHandler:] or -[UNUserNotificationCenterDelegate didReceiveNotificationResponse:withCompletionHandler:] for user visible notifications and -[UIApplicationDelegate application:didReceiveRemoteNotification:fetchCompletionHandler:] for silent remote notifications"
    )
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any])

    /// The user chose one of a remote notification's actions (iOS 8), when the
    /// app has no `UNUserNotificationCenter` delegate: as for a local
    /// notification, a background action runs with the app in the background, a
    /// foreground one opens it. `userInfo` is the push's payload.
    @preconcurrency
    @available(
        *, deprecated,
        message: "Use UserNotifications Framework's -[UNUserNotificationCenterDelegate didReceiveNotificationResponse:withCompletionHandler:]"
    )
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], completionHandler: @escaping @Sendable () -> Void)

    /// The user chose one of a remote notification's actions (iOS 9);
    /// `responseInfo` holds the typed text of a text-input action under
    /// ``UIUserNotificationActionResponseTypedTextKey``. Always called for an
    /// action on a push; the default implementation calls
    /// ``application(_:handleActionWithIdentifier:forRemoteNotification:completionHandler:)``.
    @preconcurrency
    @available(
        *, deprecated,
        message: "Use UserNotifications Framework's -[UNUserNotificationCenterDelegate didReceiveNotificationResponse:withCompletionHandler:]"
    )
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void)

    /// The `async` form of ``application(_:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:)``:
    /// called when the app implements neither completion-handler form; the
    /// default calls ``application(_:handleActionWithIdentifier:forRemoteNotification:)``.
    @available(
        *, deprecated,
        message: "Use UserNotifications Framework's -[UNUserNotificationCenterDelegate didReceiveNotificationResponse:withCompletionHandler:]"
    )
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any]) async

    /// The `async` form of ``application(_:handleActionWithIdentifier:forRemoteNotification:completionHandler:)``:
    /// handle the action before returning. The default does nothing.
    @available(
        *, deprecated,
        message: "Use UserNotifications Framework's -[UNUserNotificationCenterDelegate didReceiveNotificationResponse:withCompletionHandler:]"
    )
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any]) async

    /// The app became active: the user opened it or
    /// ``UIApplication/setApplicationState(_:)`` moved it to the foreground.
    func applicationDidBecomeActive(_ application: UIApplication)

    /// The app moved to the background.
    func applicationDidEnterBackground(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// Returns `true`.
    public func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    /// Returns `true`.
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    /// Does nothing.
    public func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings) {}

    /// Does nothing.
    public func application(_ application: UIApplication, didReceive notification: UILocalNotification) {}

    /// Calls the `async` form with the response info, then the completion handler.
    @preconcurrency
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void
    ) {
        // Reached from the form with response info (the one the application
        // calls) when the app implements neither completion-handler form: that
        // form left its response info for this one on the thread.
        let info = UserInfoBox(ResponseInfoHandoff.take() ?? [:])
        let delegate = UncheckedDelegate(value: self)
        Task {
            await delegate.value.application(
                application, handleActionWithIdentifier: identifier, for: notification,
                withResponseInfo: info.value ?? [:])
            completionHandler()
        }
    }

    /// Calls ``application(_:handleActionWithIdentifier:for:completionHandler:)``.
    @preconcurrency
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        ResponseInfoHandoff.leave(responseInfo)
        defer { ResponseInfoHandoff.clear() }
        self.application(
            application, handleActionWithIdentifier: identifier, for: notification,
            completionHandler: completionHandler)
    }

    /// Calls ``application(_:handleActionWithIdentifier:for:)``.
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any]
    ) async {
        await self.application(application, handleActionWithIdentifier: identifier, for: notification)
    }

    /// Does nothing.
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification
    ) async {}

    /// Does nothing.
    public func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}

    /// Does nothing.
    public func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}

    /// Fetches nothing: hands the push to iOS 3's
    /// ``application(_:didReceiveRemoteNotification:)`` unless the app is in the
    /// background, as iOS does for an app without this method, then calls
    /// `completionHandler` with ``UIBackgroundFetchResult/noData``.
    @MainActor
    @preconcurrency
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        if application.applicationState != .background {
            DeprecatedCalls.current.didReceiveRemoteNotification(userInfo, in: application, of: self)
        }
        completionHandler(.noData)
    }

    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
}

/// Hands the response info from the default completion-handler form with
/// response info to the default one without, which it calls synchronously on
/// the same thread: the way an app that implements only an `async` form still
/// gets the typed text.
enum ResponseInfoHandoff {
    private static let key = "herald.UIApplicationDelegate.responseInfo"

    static func leave(_ info: [AnyHashable: Any]) {
        Thread.current.threadDictionary[key] = UserInfoBox(info)
    }

    static func take() -> [AnyHashable: Any]? {
        defer { clear() }
        return (Thread.current.threadDictionary[key] as? UserInfoBox)?.value
    }

    static func clear() {
        Thread.current.threadDictionary.removeObject(forKey: key)
    }
}

/// The app's delegate, handed to the task that runs its `async` form. Apple's
/// protocol does not require `Sendable`; the delegate protects its own state.
struct UncheckedDelegate: @unchecked Sendable {
    let value: any UIApplicationDelegate
}
