import Foundation
import LegacyNotifications
import Synchronization

/// An application delegate that records every call and the app's state during it.
final class RecordingDelegate: NSObject, UIApplicationDelegate, Sendable {
    /// `@unchecked Sendable`: the response info holds only strings, read after the call.
    struct Action: @unchecked Sendable {
        var identifier: String?
        var notification: UILocalNotification
        var responseInfo: [AnyHashable: Any]
        var state: UIApplication.State
    }

    private struct Record {
        var registered: [UIUserNotificationSettings] = []
        var received: [(notification: UILocalNotification, state: UIApplication.State)] = []
        var actions: [Action] = []
        var becameActive = 0
        var enteredBackground = 0
    }

    private let record = Mutex(Record())

    var registered: [UIUserNotificationSettings] { record.withLock { $0.registered } }
    var received: [(notification: UILocalNotification, state: UIApplication.State)] { record.withLock { $0.received } }
    var actions: [Action] { record.withLock { $0.actions } }
    var becameActive: Int { record.withLock { $0.becameActive } }
    var enteredBackground: Int { record.withLock { $0.enteredBackground } }

    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings) {
        record.withLock { $0.registered.append(notificationSettings) }
    }

    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        let state = application.applicationState
        record.withLock { $0.received.append((notification, state)) }
    }

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        let action = Action(
            identifier: identifier, notification: notification, responseInfo: responseInfo,
            state: application.applicationState)
        record.withLock { $0.actions.append(action) }
        completionHandler()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        record.withLock { $0.becameActive += 1 }
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        record.withLock { $0.enteredBackground += 1 }
    }
}
