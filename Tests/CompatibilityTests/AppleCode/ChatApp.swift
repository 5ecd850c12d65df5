// The usual iOS 10+ app delegate, in its Swift 5 spelling: the notification
// center's delegate (foreground presentation, the user's taps) and the
// application's (the device token, background pushes) at once. Compiled
// unchanged but for the imports (LegacyNotifications for UIKit), `@objc` (no
// Objective-C runtime on Linux) and the center handed in where iOS code calls
// `UNUserNotificationCenter.current()` (this test process has many apps).
import Foundation
import LegacyNotifications
import UserNotifications

final class ChatAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    let notificationCenter: UNUserNotificationCenter
    var deviceToken: String?
    var presentedTitles: [String] = []
    var openedMessages: [String] = []
    var fetchedMessageIDs: [Int] = []

    init(notificationCenter: UNUserNotificationCenter) {
        self.notificationCenter = notificationCenter
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        notificationCenter.delegate = self
        notificationCenter.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            print("Permission granted: \(granted)")
        }
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        self.deviceToken = deviceToken.map { String(format: "%02.2hhx", $0) }.joined()
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        guard let messageID = userInfo["message-id"] as? Int else {
            completionHandler(.noData)
            return
        }
        fetchedMessageIDs.append(messageID)
        completionHandler(.newData)
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        presentedTitles.append(notification.request.content.title)
        completionHandler([.banner, .list, .sound])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        if response.actionIdentifier == UNNotificationDefaultActionIdentifier {
            openedMessages.append(response.notification.request.content.title)
        }
        completionHandler()
    }
}
