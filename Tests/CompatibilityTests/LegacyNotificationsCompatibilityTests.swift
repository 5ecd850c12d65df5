import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

/// iOS 8 code, compiled unchanged in Swift 5 mode, run against the engine on
/// virtual time: the calls are synchronous and do not throw, as on iOS 8.
@Suite("iOS 8 notification code runs unchanged", .serialized, .offThePool)
struct LegacyNotificationsCompatibilityTests {
    @Test("Seeds 000 and 003, Shopping Alert: one reminder at a whole minute; \"Delete list\" empties the list")
    func shoppingAlert() async throws {
        let harness = try Harness()
        let application = UIApplication(appIdentifier: "com.example.shopping", service: harness.engine)
        let listFile = FileManager.default.temporaryDirectory.appendingPathComponent("shopping-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: listFile) }
        let appDelegate = ShoppingAppDelegate(application: application, listFile: listFile)
        #expect(application.launch(with: appDelegate))  // what UIApplicationMain does on iOS
        let settings = try #require(application.currentUserNotificationSettings)
        #expect(settings.types == [.alert, .sound])
        #expect(settings.categories?.first?.actions(for: .minimal)?.compactMap { $0.identifier } == ["trashAction", "editList"])

        let viewController = appDelegate.viewController!
        viewController.addItem("Milk")
        viewController.addItem("Eggs")
        let picked = Harness.start.addingTimeInterval(3_600 + 37)
        viewController.scheduleLocalNotification(at: picked)
        viewController.scheduleLocalNotification(at: picked.addingTimeInterval(60))  // re-scheduling replaces
        let scheduled = try #require(application.scheduledLocalNotifications)
        #expect(scheduled.count == 1)
        #expect(scheduled.first?.fireDate.map { Int($0.timeIntervalSinceReferenceDate) % 60 } == 0)

        harness.scheduler.advance(by: 3_700)
        #expect(harness.shown(of: "com.example.shopping").count == 1)
        try await harness.respond(as: "com.example.shopping", with: "trashAction")
        #expect(viewController.shoppingList.count == 0)
        #expect(ShoppingViewController(application: application, listFile: listFile).shoppingList.count == 0)

        let reported = Recorder<NotificationError>()
        let subscription = application.notificationErrors.subscribeNext { reported.append($0) }
        defer { subscription.dispose() }
        viewController.openNotificationSettings()
        #expect(reported.values.isEmpty)
    }

    @Test("Seed 001, the to-do list: each item's reminder through UIApplication.shared; removing cancels it")
    func todoList() async throws {
        let harness = try Harness()
        UIApplication.configure(appIdentifier: "com.example.todo", service: harness.engine)
        let appDelegate = TodoAppDelegate()
        #expect(UIApplication.shared.launch(with: appDelegate))

        let suite = "herald.compatibility.todo.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let list = TodoList(defaults: defaults)
        let milk = TodoItem(deadline: Harness.start.addingTimeInterval(600), title: "Buy milk", UUID: UUID().uuidString)
        let taxes = TodoItem(deadline: Harness.start.addingTimeInterval(60), title: "Taxes", UUID: UUID().uuidString)
        list.addItem(milk)
        list.addItem(taxes)
        #expect(list.allItems().map { $0.title } == ["Taxes", "Buy milk"])
        #expect(UIApplication.shared.scheduledLocalNotifications?.count == 2)

        list.removeItem(milk)
        let left = try #require(UIApplication.shared.scheduledLocalNotifications)
        #expect(left.compactMap { $0.userInfo?["UUID"] as? String } == [taxes.UUID])

        UIApplication.shared.scheduledLocalNotifications = []
        #expect(UIApplication.shared.scheduledLocalNotifications?.isEmpty == true)
        for index in 0..<64 where list.canAddItems {
            list.addItem(TodoItem(deadline: Harness.start.addingTimeInterval(Double(3_600 + index)), title: "Item \(index)", UUID: UUID().uuidString))
        }
        #expect(!list.canAddItems)
    }

    @Test("A refused iOS 8 call is logged and reported on notificationErrors; nothing is scheduled")
    func refusal() async throws {
        let harness = try Harness()
        let application = UIApplication(appIdentifier: "com.example.refusals", service: harness.engine)
        let reported = Recorder<NotificationError>()
        let subscription = application.notificationErrors.subscribeNext { reported.append($0) }
        defer { subscription.dispose() }
        application.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert], categories: nil))

        let notification = UILocalNotification()
        notification.alertBody = "Unknown category"
        notification.fireDate = Harness.start.addingTimeInterval(60)
        notification.category = "NEVER_REGISTERED"
        application.scheduleLocalNotification(notification)
        #expect(reported.values.map { $0.code } == [.unknownCategory])
        #expect(application.scheduledLocalNotifications?.isEmpty == true)

        application.applicationIconBadgeNumber = -1
        #expect(reported.values.map { $0.code } == [.unknownCategory, .badgeInputInvalid])
        application.applicationIconBadgeNumber = 3
        #expect(application.applicationIconBadgeNumber == 3)

        let good = UILocalNotification()
        good.alertBody = "Fine"
        good.fireDate = Harness.start.addingTimeInterval(60)
        application.scheduledLocalNotifications = [good]
        application.scheduledLocalNotifications = [good, notification]  // refused: nothing changes
        #expect(application.scheduledLocalNotifications?.map { $0.alertBody } == ["Fine"])
        #expect(reported.values.count == 3)
    }

    @Test("UILocalNotification copies and archives as on iOS")
    func copyingAndArchiving() throws {
        let notification = UILocalNotification()
        notification.fireDate = Harness.start
        notification.timeZone = TimeZone(identifier: "Europe/Paris")
        notification.repeatInterval = .day
        notification.alertBody = "Water the plants"
        notification.soundName = UILocalNotificationDefaultSoundName
        notification.applicationIconBadgeNumber = 2
        notification.userInfo = ["UUID": "42", "tags": ["home"]]
        notification.category = "TODO_CATEGORY"

        let copy = notification.copy() as! UILocalNotification
        #expect(copy == notification)
        #expect(copy !== notification)
        copy.alertBody = "Changed"
        #expect(notification.alertBody == "Water the plants")

        let data = try NSKeyedArchiver.archivedData(withRootObject: notification, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: UILocalNotification.self, from: data))
        #expect(restored == notification)
        #expect(restored.userInfo?["UUID"] as? String == "42")
    }
}
