// Seed 004, "Nag me" (iOS 10 UserNotifications), in its Swift 5 spelling:
// tasks with a bell; the bell adds a request repeating every 60 s in the
// "reminder" category, whose "cancel" action removes it. Compiled unchanged.
import UserNotifications

final class NagMeViewController: NSObject, UNUserNotificationCenterDelegate {
    struct Identifiers {
        static let reminderCategory = "reminder"
        static let cancelAction = "cancel"
    }

    let center: UNUserNotificationCenter
    var tasks: [String] = ["Walk Dog", "Water plants"]

    init(center: UNUserNotificationCenter) {
        self.center = center
        super.init()
    }

    // application(_:didFinishLaunchingWithOptions:)
    func didFinishLaunching() {
        center.delegate = self
        center.requestAuthorization(options: [.sound, .alert]) { granted, error in
            if !granted {
                print("Something went wrong")
            }
        }
        addCategory()
    }

    func addCategory() {
        let cancelAction = UNNotificationAction(identifier: Identifiers.cancelAction, title: "Cancel", options: [.foreground])
        let category = UNNotificationCategory(
            identifier: Identifiers.reminderCategory, actions: [cancelAction], intentIdentifiers: [], options: [])
        center.setNotificationCategories([category])
    }

    func toggleBell(for task: String, on: Bool) {
        if on {
            let content = UNMutableNotificationContent()
            content.title = "Task Reminder"
            content.body = task + "!!"
            content.sound = UNNotificationSound.default
            content.categoryIdentifier = Identifiers.reminderCategory
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
            let request = UNNotificationRequest(identifier: task, content: content, trigger: trigger)
            center.add(request, withCompletionHandler: nil)
        } else {
            center.removePendingNotificationRequests(withIdentifiers: [task])
        }
    }

    func isBellOn(for task: String, completion: @escaping (Bool) -> Void) {
        center.getPendingNotificationRequests { requests in
            completion(requests.contains { $0.identifier == task })
        }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.alert, .sound])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        if response.actionIdentifier == Identifiers.cancelAction {
            let request = response.notification.request
            center.removePendingNotificationRequests(withIdentifiers: [request.identifier])
        }
        completionHandler()
    }
}
