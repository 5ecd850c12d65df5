// Seed 001, the to-do list with deadlines (iOS 8), in its Swift 5 spelling:
// each item schedules an "is overdue" reminder through UIApplication.shared,
// completing it cancels the reminder, and at most 64 are scheduled. Compiled
// unchanged but for `import UIKit`, which is `import LegacyNotifications` (it
// brings Foundation, as UIKit does); the defaults are injected so each test
// starts empty.
import LegacyNotifications

struct TodoItem {
    var title: String
    var deadline: Date
    var UUID: String

    init(deadline: Date, title: String, UUID: String) {
        self.deadline = deadline
        self.title = title
        self.UUID = UUID
    }

    var isOverdue: Bool {
        return Date().compare(self.deadline) == ComparisonResult.orderedDescending
    }
}

class TodoList {
    fileprivate let ITEMS_KEY = "todoItems"
    let defaults: UserDefaults

    init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    func allItems() -> [TodoItem] {
        let todoDictionary = defaults.dictionary(forKey: ITEMS_KEY) ?? [:]
        let items = Array(todoDictionary.values)
        return items.map({
            let item = $0 as! [String: AnyObject]
            return TodoItem(deadline: item["deadline"] as! Date, title: item["title"] as! String, UUID: item["UUID"] as! String)
        }).sorted(by: { (left: TodoItem, right: TodoItem) -> Bool in
            (left.deadline.compare(right.deadline) == .orderedAscending)
        })
    }

    func addItem(_ item: TodoItem) {
        var todoDictionary = defaults.dictionary(forKey: ITEMS_KEY) ?? Dictionary()
        todoDictionary[item.UUID] = ["deadline": item.deadline, "title": item.title, "UUID": item.UUID]
        defaults.set(todoDictionary, forKey: ITEMS_KEY)

        let notification = UILocalNotification()
        notification.alertBody = "Todo Item \"\(item.title)\" Is Overdue"
        notification.alertAction = "open"
        notification.fireDate = item.deadline as Date
        notification.soundName = UILocalNotificationDefaultSoundName
        notification.userInfo = ["title": item.title, "UUID": item.UUID]
        notification.category = "TODO_CATEGORY"
        UIApplication.shared.scheduleLocalNotification(notification)
    }

    func removeItem(_ item: TodoItem) {
        let scheduledNotifications: [UILocalNotification]? = UIApplication.shared.scheduledLocalNotifications
        guard scheduledNotifications != nil else { return }
        for notification in scheduledNotifications! {
            if notification.userInfo!["UUID"] as! String == item.UUID {
                UIApplication.shared.cancelLocalNotification(notification)
                break
            }
        }
        if var todoItems = defaults.dictionary(forKey: ITEMS_KEY) {
            todoItems.removeValue(forKey: item.UUID)
            defaults.set(todoItems, forKey: ITEMS_KEY)
        }
    }

    var canAddItems: Bool {
        return allItems().count < 64
    }
}

final class TodoAppDelegate: NSObject, UIApplicationDelegate {
    private(set) var refreshes = 0

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let completeAction = UIMutableUserNotificationAction()
        completeAction.identifier = "COMPLETE_TODO"
        completeAction.title = "Complete"
        completeAction.activationMode = .background
        completeAction.isAuthenticationRequired = false
        completeAction.isDestructive = true

        let remindAction = UIMutableUserNotificationAction()
        remindAction.identifier = "REMIND"
        remindAction.title = "Remind in 30 minutes"
        remindAction.activationMode = .background
        remindAction.isDestructive = false

        let todoCategory = UIMutableUserNotificationCategory()
        todoCategory.identifier = "TODO_CATEGORY"
        todoCategory.setActions([remindAction, completeAction], for: .default)
        todoCategory.setActions([completeAction, remindAction], for: .minimal)

        application.registerUserNotificationSettings(
            UIUserNotificationSettings(types: [.alert, .badge, .sound], categories: Set([todoCategory])))
        return true
    }

    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        refreshes += 1  // NotificationCenter.default.post(name: "TodoListShouldRefresh", object: self)
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        refreshes += 1
    }
}
