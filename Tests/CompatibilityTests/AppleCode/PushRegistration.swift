// The registration half of the usual iOS push setup, in its Swift 5 spelling:
// the app delegate asks for remote notifications at launch, hex-encodes the
// device token it receives and keeps it for its server, or keeps the error.
// Compiled unchanged but for the import (LegacyNotifications for UIKit) and
// `@objc` (no Objective-C runtime on Linux).
import Foundation
import LegacyNotifications

final class PushAppDelegate: NSObject, UIApplicationDelegate {
    var deviceToken: String?
    var registrationError: Error?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        print("Device Token: \(token)")
        self.deviceToken = token
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        print("Failed to register: \(error)")
        registrationError = error
    }
}

// The background half: a silent push (`"content-available": 1`) wakes the app,
// which fetches and reports what it found.
final class SyncingAppDelegate: NSObject, UIApplicationDelegate {
    var fetchedMessageIDs: [Int] = []

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        guard let aps = userInfo["aps"] as? [String: Any], aps["content-available"] as? Int == 1,
            let messageID = userInfo["message-id"] as? Int
        else {
            completionHandler(.noData)
            return
        }
        fetchedMessageIDs.append(messageID)
        completionHandler(.newData)
    }
}
