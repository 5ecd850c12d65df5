import Foundation
import UserNotifications

/// The "Nag me" alarm of seed 004 (iOS 10 Day by Day, day 5), ported to Herald
/// with only the public `UserNotifications` API: a list of tasks, each with a
/// bell; a task whose bell is on nags every 60 seconds until the user turns it
/// off in the app or answers a reminder with "Cancel".
///
/// The article's `AppDelegate` and table view controller are one type here: the
/// launch code, the bell toggle and the notification delegate.
final class NagMe: NSObject, UNUserNotificationCenterDelegate, Sendable {
    /// The article's `Identifiers`, so "cancel" and "Cancel" cannot be confused.
    enum Identifiers {
        static let reminderCategory = "reminder"
        static let cancelAction = "cancel"
    }

    static let tasks = ["Wash Up", "Walk Dog", "Exercise"]

    let center: UNUserNotificationCenter

    init(center: UNUserNotificationCenter) {
        self.center = center
    }

    /// `application(_:didFinishLaunchingWithOptions:)`: become the delegate,
    /// register the reminder category and ask for permission. Returns whether
    /// the user allowed notifications.
    func launch() async throws -> Bool {
        center.delegate = self
        addCategory()
        return try await center.requestAuthorization(options: [.sound, .alert])
    }

    func addCategory() {
        let cancelAction = UNNotificationAction(
            identifier: Identifiers.cancelAction, title: "Cancel", options: [.foreground])
        let category = UNNotificationCategory(
            identifier: Identifiers.reminderCategory, actions: [cancelAction], intentIdentifiers: [], options: [])
        center.setNotificationCategories([category])
    }

    /// A reminder for `task`, repeating every 60 s (the shortest repeat allowed).
    func createReminderNotification(for task: String) async throws {
        let content = UNMutableNotificationContent()
        content.title = "Task Reminder"
        content.body = "\(task)!!"
        content.sound = .default
        content.categoryIdentifier = Identifiers.reminderCategory
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
        let request = UNNotificationRequest(identifier: task, content: content, trigger: trigger)
        try await center.add(request)
    }

    /// The pending reminder of `task`, if its bell is on.
    func retrieveNotification(for task: String) async throws -> UNNotificationRequest? {
        try await center.throwing.pendingNotificationRequests().first { $0.identifier == task }
    }

    /// The bell: turns the task's reminder on, or off if it is on.
    func toggleReminder(for task: String) async throws {
        guard try await retrieveNotification(for: task) != nil else {
            try await createReminderNotification(for: task)
            return
        }
        center.removePendingNotificationRequests(withIdentifiers: [task])
    }

    /// Whether each task's bell is on.
    func bells() async throws -> [String: Bool] {
        let pending = Set(try await center.throwing.pendingNotificationRequests().map(\.identifier))
        return Dictionary(uniqueKeysWithValues: Self.tasks.map { ($0, pending.contains($0)) })
    }

    // MARK: UNUserNotificationCenterDelegate, in the article's completion-handler form

    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        if response.actionIdentifier == Identifiers.cancelAction {
            let request = response.notification.request
            center.removePendingNotificationRequests(withIdentifiers: [request.identifier])
        }
        completionHandler()
    }

    /// A reminder arriving while the app is open is shown anyway: as a banner
    /// kept in the list (`.alert` before iOS 14), with its sound.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list, .sound])
    }
}
