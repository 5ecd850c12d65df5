// The app delegate of an iOS chat app that receives remote notifications, in
// its Swift 5 spelling, as iOS tutorials write it. Unchanged but for the
// imports (LegacyNotifications for UIKit) and `@objc` (no Objective-C runtime
// on Linux). Where the iOS app updates its views, this one prints a line.
import Foundation
import LegacyNotifications
import UserNotifications

class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let center = UNUserNotificationCenter.current()
        center.delegate = self

        let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let markRead = UNNotificationAction(identifier: "mark-read", title: "Mark as Read", options: [])
        let message = UNNotificationCategory(identifier: "message", actions: [reply, markRead], intentIdentifiers: [], options: [])
        center.setNotificationCategories([message])

        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            print("Permission granted: \(granted)")
            guard granted else { return }
            DispatchQueue.main.async {
                application.registerForRemoteNotifications()
            }
        }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02.2hhx", $0) }.joined()
        print("Device Token: \(token)")
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        print("Failed to register: \(error)")
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        guard let messageID = userInfo["message-id"] as? Int else {
            completionHandler(.noData)
            return
        }
        print("Fetched message \(messageID)")
        completionHandler(.newData)
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {
        let identifier = response.notification.request.identifier
        switch response.actionIdentifier {
        case "reply":
            if let textResponse = response as? UNTextInputNotificationResponse {
                print("Reply to \(identifier): \(textResponse.userText)")
            }
        case "mark-read":
            print("Marked \(identifier) as read")
        case UNNotificationDefaultActionIdentifier:
            print("Opened \(identifier)")
        default:
            break
        }
        completionHandler()
    }
}
