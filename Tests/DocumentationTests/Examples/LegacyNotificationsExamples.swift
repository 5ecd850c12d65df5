import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

/// docs/legacy-notifications.md: the Shopping Alert's category and reminder, with the
/// two actions the document builds "alike" and the date the user picked.
func shoppingAlertExample(justInform: UIUserNotificationAction, editList: UIUserNotificationAction, pickedDate: Date) {
    let trash = UIMutableUserNotificationAction()      // justInform and editList are built alike
    trash.identifier = "trashAction"
    trash.title = "Delete list"
    trash.activationMode = .background
    trash.isDestructive = true
    trash.isAuthenticationRequired = true
    let category = UIMutableUserNotificationCategory()
    category.identifier = "shoppingListReminderCategory"
    category.setActions([justInform, editList, trash], for: .default)
    category.setActions([trash, editList], for: .minimal)
    UIApplication.shared.registerUserNotificationSettings(
        UIUserNotificationSettings(types: [.alert, .sound], categories: [category]))

    let reminder = UILocalNotification()
    reminder.fireDate = pickedDate            // the app has set its seconds to 0: fires at hh:mm:00
    reminder.alertBody = "Hey, you must go shopping, remember?"
    reminder.category = "shoppingListReminderCategory"
    UIApplication.shared.scheduleLocalNotification(reminder)
}

/// An action as the Shopping Alert builds its three.
func shoppingAction(
    _ identifier: String, _ title: String, _ mode: UIUserNotificationActivationMode
) -> UIMutableUserNotificationAction {
    let action = UIMutableUserNotificationAction()
    action.identifier = identifier
    action.title = title
    action.activationMode = mode
    action.isAuthenticationRequired = mode == .foreground
    return action
}

@Suite("docs/legacy-notifications.md", .offThePool)
struct LegacyNotificationsExamples {
    @Test("The Shopping Alert registers its category and schedules one reminder at the picked date")
    func shoppingAlert() async {
        // A process of its own: the example uses the process's shared application.
        await #expect(processExitsWith: .success) {
            let start = Date(timeIntervalSinceReferenceDate: 0)
            let engine = try NotificationEngine(
                store: .inMemory, scheduler: TestScheduler(startDate: start),
                configuration: .init(authorizationPolicy: .grantAll))
            UIApplication.configure(appIdentifier: "com.example.shopping", service: engine)
            shoppingAlertExample(
                justInform: shoppingAction("justInform", "OK, got it", .background),
                editList: shoppingAction("editList", "Edit list", .foreground),
                pickedDate: start.addingTimeInterval(3_720))
            let scheduled = UIApplication.shared.scheduledLocalNotifications ?? []
            guard scheduled.count == 1 else { exit(1) }
            guard scheduled.first?.fireDate == start.addingTimeInterval(3_720) else { exit(2) }
            let categories = UIApplication.shared.currentUserNotificationSettings?.categories ?? []
            guard categories.map(\.identifier) == ["shoppingListReminderCategory"] else { exit(3) }
        }
    }
}
