// Seeds 000 and 003, "Shopping Alert" (iOS 8), in its Swift 5 spelling: the
// app delegate registers a category of three actions, the view controller
// schedules one reminder, the actions edit or delete the list. Compiled
// unchanged but for `@objc` (no Objective-C runtime on Linux); the view
// controller takes its UIApplication instead of reading
// UIApplication.shared, so each test has its own. Herald's
// `UIApplication.launch(with:)` calls `didFinishLaunchingWithOptions`, as
// UIApplicationMain does.
import LegacyNotifications

final class ShoppingAppDelegate: NSObject, UIApplicationDelegate {
    let application: UIApplication
    var viewController: ShoppingViewController!

    init(application: UIApplication, listFile: URL) {
        self.application = application
        super.init()
        viewController = ShoppingViewController(application: application, listFile: listFile)
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        setupNotificationSettings()
        if let notification = launchOptions?[.localNotification] as? UILocalNotification {
            print("Launched by: \(notification.alertBody ?? "")")
        }
        return true
    }

    func setupNotificationSettings() {
        let notificationSettings: UIUserNotificationSettings! = application.currentUserNotificationSettings
        if notificationSettings.types == UIUserNotificationType() {
            let notificationTypes: UIUserNotificationType = [.alert, .sound]

            let justInformAction = UIMutableUserNotificationAction()
            justInformAction.identifier = "justInform"
            justInformAction.title = "OK, got it"
            justInformAction.activationMode = UIUserNotificationActivationMode.background
            justInformAction.isDestructive = false
            justInformAction.isAuthenticationRequired = false

            let modifyListAction = UIMutableUserNotificationAction()
            modifyListAction.identifier = "editList"
            modifyListAction.title = "Edit list"
            modifyListAction.activationMode = UIUserNotificationActivationMode.foreground
            modifyListAction.isDestructive = false
            modifyListAction.isAuthenticationRequired = true

            let trashAction = UIMutableUserNotificationAction()
            trashAction.identifier = "trashAction"
            trashAction.title = "Delete list"
            trashAction.activationMode = UIUserNotificationActivationMode.background
            trashAction.isDestructive = true
            trashAction.isAuthenticationRequired = true

            let actionsArray = NSArray(objects: justInformAction, modifyListAction, trashAction)
            let actionsArrayMinimal = NSArray(objects: trashAction, modifyListAction)

            let shoppingListReminderCategory = UIMutableUserNotificationCategory()
            shoppingListReminderCategory.identifier = "shoppingListReminderCategory"
            shoppingListReminderCategory.setActions(actionsArray as? [UIUserNotificationAction], for: UIUserNotificationActionContext.default)
            shoppingListReminderCategory.setActions(actionsArrayMinimal as? [UIUserNotificationAction], for: UIUserNotificationActionContext.minimal)

            let categoriesForSettings = NSSet(objects: shoppingListReminderCategory)
            let newNotificationSettings = UIUserNotificationSettings(
                types: notificationTypes, categories: categoriesForSettings as? Set<UIUserNotificationCategory>)
            application.registerUserNotificationSettings(newNotificationSettings)
        }
    }

    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        print("Received Local Notification: \(notification.alertBody ?? "")")
    }

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping () -> Void
    ) {
        if identifier == "editList" {
            viewController.modifyListNotification()
        } else if identifier == "trashAction" {
            viewController.deleteListNotification()
        }
        completionHandler()
    }
}

final class ShoppingViewController: NSObject {
    let application: UIApplication
    let listFile: URL
    var shoppingList: NSMutableArray!
    var isEditingItem = false

    init(application: UIApplication, listFile: URL) {
        self.application = application
        self.listFile = listFile
        super.init()
        loadShoppingList()
        if shoppingList == nil { shoppingList = NSMutableArray() }
    }

    func addItem(_ item: String) {
        shoppingList.add(item)
        saveShoppingList()
    }

    func removeItem(at index: Int) {
        shoppingList.removeObject(at: index)
        saveShoppingList()
    }

    func saveShoppingList() {
        let data = try? PropertyListSerialization.data(fromPropertyList: shoppingList as Any, format: .xml, options: 0)
        try? data?.write(to: listFile)
    }

    func loadShoppingList() {
        if let data = try? Data(contentsOf: listFile),
            let list = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String]
        {
            shoppingList = NSMutableArray(array: list)
        }
    }

    func fixNotificationDate(_ dateToFix: Date) -> Date {
        var dateComponents = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC")!, from: dateToFix)
        dateComponents.second = 0
        dateComponents.nanosecond = 0
        return Calendar(identifier: .gregorian).date(from: dateComponents)!
    }

    func scheduleLocalNotification(at pickedDate: Date) {
        application.cancelAllLocalNotifications()

        let localNotification = UILocalNotification()
        localNotification.fireDate = fixNotificationDate(pickedDate)
        localNotification.alertBody = "Hey, you must go shopping, remember?"
        localNotification.alertAction = "View List"
        localNotification.category = "shoppingListReminderCategory"
        application.scheduleLocalNotification(localNotification)
    }

    // "Notifications are off: open Settings" (iOS 16).
    func openNotificationSettings() {
        if let url = URL(string: UIApplication.openNotificationSettingsURLString) {
            application.open(url, options: [:], completionHandler: nil)
        }
    }

    func modifyListNotification() {
        isEditingItem = true
    }

    func deleteListNotification() {
        shoppingList.removeAllObjects()
        saveShoppingList()
    }
}
