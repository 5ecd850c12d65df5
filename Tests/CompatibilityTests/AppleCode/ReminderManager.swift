// A notification manager class as iOS apps write it: completion handlers,
// a delegate that shows notifications in the foreground, categories with
// actions, and a response handler. Compiled unchanged in Swift 5 mode.
import UserNotifications

final class ReminderManager: NSObject, UNUserNotificationCenterDelegate {
    static let categoryIdentifier = "REMINDER"
    static let snoozeAction = "SNOOZE"
    static let doneAction = "DONE"
    static let replyAction = "REPLY"

    private let center: NotificationCentering
    private let lock = NSLock()
    private var _log: [String] = []
    var log: [String] { lock.lock(); defer { lock.unlock() }; return _log }

    init(center: NotificationCentering) {
        self.center = center
        super.init()
        center.delegate = self
    }

    private func record(_ line: String) {
        lock.lock(); _log.append(line); lock.unlock()
    }

    func requestPermission(completion: @escaping (Bool) -> Void) {
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            if let error = error {
                print("Authorization failed: \(error.localizedDescription)")
            }
            completion(granted)
        }
    }

    func registerCategories() {
        let snooze = UNNotificationAction(identifier: ReminderManager.snoozeAction, title: "Snooze", options: [])
        let done = UNNotificationAction(identifier: ReminderManager.doneAction, title: "Done", options: [.destructive])
        let reply = UNTextInputNotificationAction(
            identifier: ReminderManager.replyAction, title: "Reply", options: [],
            textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let category = UNNotificationCategory(
            identifier: ReminderManager.categoryIdentifier, actions: [snooze, done, reply],
            intentIdentifiers: [], options: .customDismissAction)
        center.setNotificationCategories([category])
    }

    func scheduleReminder(id: String, title: String, after seconds: TimeInterval, completion: ((Error?) -> Void)? = nil) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = "Don't forget!"
        content.sound = UNNotificationSound.default
        content.badge = 1
        content.categoryIdentifier = ReminderManager.categoryIdentifier
        content.userInfo = ["reminderID": id]
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
        let request = UNNotificationRequest(identifier: id, content: content, trigger: trigger)
        center.add(request) { error in
            if let error = error {
                print("Error scheduling: \(error)")
            }
            completion?(error)
        }
    }

    func scheduleDaily(id: String, hour: Int, minute: Int) async throws {
        let content = UNMutableNotificationContent()
        content.title = "Daily check-in"
        var components = DateComponents()
        components.hour = hour
        components.minute = minute
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        try await center.add(UNNotificationRequest(identifier: id, content: content, trigger: trigger))
    }

    func pendingIdentifiers(completion: @escaping ([String]) -> Void) {
        center.getPendingNotificationRequests { requests in
            completion(requests.map { $0.identifier })
        }
    }

    func pendingCount() async -> Int {
        let requests = await center.pendingNotificationRequests()
        return requests.count
    }

    func cancel(id: String) {
        center.removePendingNotificationRequests(withIdentifiers: [id])
        center.removeDeliveredNotifications(withIdentifiers: [id])
    }

    func isAuthorized() async -> Bool {
        let settings = await center.notificationSettings()
        return settings.authorizationStatus == .authorized
    }

    // MARK: UNUserNotificationCenterDelegate

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        record("willPresent \(notification.request.identifier)")
        completionHandler([.banner, .list, .sound, .badge])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let id = response.notification.request.content.userInfo["reminderID"] as? String ?? "?"
        switch response.actionIdentifier {
        case ReminderManager.snoozeAction:
            record("snooze \(id)")
            scheduleReminder(id: id, title: response.notification.request.content.title, after: 600)
        case ReminderManager.doneAction:
            record("done \(id)")
        case ReminderManager.replyAction:
            if let textResponse = response as? UNTextInputNotificationResponse {
                record("reply \(id): \(textResponse.userText)")
            }
        case UNNotificationDefaultActionIdentifier:
            record("opened \(id)")
        case UNNotificationDismissActionIdentifier:
            record("dismissed \(id)")
        default:
            break
        }
        completionHandler()
    }
}
