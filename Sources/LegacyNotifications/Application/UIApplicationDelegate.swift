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
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void)

    /// The user chose one of the notification's actions (iOS 9); `responseInfo`
    /// holds the typed text of a text-input action under
    /// ``UIUserNotificationActionResponseTypedTextKey``. Always called for an
    /// action; the default implementation calls
    /// ``application(_:handleActionWithIdentifier:for:completionHandler:)``.
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void)

    /// The app became active: the user opened it or
    /// ``UIApplication/setApplicationState(_:)`` moved it to the foreground.
    func applicationDidBecomeActive(_ application: UIApplication)

    /// The app moved to the background.
    func applicationDidEnterBackground(_ application: UIApplication)
}

extension UIApplicationDelegate {
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

    /// Calls the completion handler.
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    /// Calls ``application(_:handleActionWithIdentifier:for:completionHandler:)``.
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        self.application(
            application, handleActionWithIdentifier: identifier, for: notification,
            completionHandler: completionHandler)
    }

    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
}
