// An app delegate of the iOS 7–9 era, in its Swift 5 spelling: it registers
// with iOS 7's call, reads the push that launched it from the launch options,
// takes pushes in iOS 3's `didReceiveRemoteNotification` and the reply typed
// into a push's action in iOS 9's handler. Compiled unchanged but for the
// import (LegacyNotifications for UIKit), `@objc` (no Objective-C runtime on
// Linux), and the `@available(*, deprecated)` on the launch method that calls
// what Apple deprecated, the usual way to keep a warning-free build (CI builds
// with warnings as errors; `LegacyWarningsTests` checks the warnings come).
import Foundation
import LegacyNotifications

final class LegacyPushAppDelegate: NSObject, UIApplicationDelegate {
    var deviceToken: Data?
    var launchMessage: String?
    var messages: [String] = []
    var replies: [String] = []

    @available(*, deprecated, message: "supports iOS 7")
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        if let notification = launchOptions?[.remoteNotification] as? [String: Any] {
            launchMessage = notification["message"] as? String
        }
        let reply = UIMutableUserNotificationAction()
        reply.identifier = "REPLY"
        reply.title = "Reply"
        reply.behavior = .textInput
        let category = UIMutableUserNotificationCategory()
        category.identifier = "MESSAGE"
        category.setActions([reply], for: .default)
        application.registerUserNotificationSettings(
            UIUserNotificationSettings(types: [.alert, .sound], categories: [category]))
        application.registerForRemoteNotifications(matching: [.alert, .badge, .sound])
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        self.deviceToken = deviceToken
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
        if let message = userInfo["message"] as? String {
            messages.append(message)
        }
    }

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping () -> Void
    ) {
        if identifier == "REPLY", let text = responseInfo[UIUserNotificationActionResponseTypedTextKey] as? String {
            replies.append(text)
        }
        completionHandler()
    }
}
