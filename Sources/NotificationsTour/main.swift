// notifications-tour: the notification system in one run, on virtual time so it
// takes a second: the iOS 10 API (the seed's "Nag me" alarm), the iOS 8 API
// (the seed's Shopping Alert) and the engine's limits, printed as a terminal
// presenter shows them.
import Foundation
import LegacyNotifications
import NotificationEngine
import Signals
import UserNotifications

let clock = TestScheduler(startDate: Date(timeIntervalSince1970: 1_795_000_000))  // 2026-11-18 11:06:40 UTC
let terminal = TerminalPresenter(timeZone: TimeZone(identifier: "UTC")!)
var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
configuration.timeZone = TimeZone(identifier: "UTC")!
let engine = try NotificationEngine(
    store: .inMemory, scheduler: clock, configuration: configuration, presenters: [terminal])

func section(_ title: String) {
    print("\n== \(title)\n")
}

/// The user taps an action on the last delivery of an app.
func tap(_ action: String, of app: AppIdentifier, authenticated: Bool = true) async throws {
    guard let last = try await engine.deliveredNotifications(for: app).last else { return }
    let content = last.request.content
    print("› the user taps \"\(action)\" on \"\(content.title.isEmpty ? content.body : content.title)\"")
    try engine.respond(to: last.id, actionIdentifier: action, authenticated: authenticated)
}

// MARK: iOS 10: Nag me

func nagMeSection() async throws {
section("UserNotifications: the \"Nag me\" alarm (seed 004)")
let nagMe = UNUserNotificationCenter(appIdentifier: "com.example.nagme", service: engine)
let granted = try await nagMe.requestAuthorization(options: [.alert, .sound])
print("authorization granted: \(granted)")
let cancel = UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground])
nagMe.setNotificationCategories([
    UNNotificationCategory(identifier: "reminder", actions: [cancel], intentIdentifiers: [], options: [])
])
let content = UNMutableNotificationContent()
content.title = "Task Reminder"
content.body = "Walk Dog!!"
content.sound = .default
content.categoryIdentifier = "reminder"
let every60s = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
try await nagMe.add(UNNotificationRequest(identifier: "Walk Dog", content: content, trigger: every60s))
clock.advance(by: 180)
try await tap("cancel", of: "com.example.nagme")
nagMe.removePendingNotificationRequests(withIdentifiers: ["Walk Dog"])
clock.advance(by: 600)
print("pending after cancel: \(await nagMe.pendingNotificationRequests().count)")
}

// MARK: iOS 8: Shopping Alert

func shoppingSection() async throws {
section("LegacyNotifications: Shopping Alert (seeds 000 and 003)")
let shopping = UIApplication(appIdentifier: "com.example.shopping", service: engine)
let justInform = UIMutableUserNotificationAction()
justInform.identifier = "justInform"
justInform.title = "OK, got it"
justInform.activationMode = .background
let trash = UIMutableUserNotificationAction()
trash.identifier = "trashAction"
trash.title = "Delete list"
trash.activationMode = .background
trash.isDestructive = true
trash.isAuthenticationRequired = true
let category = UIMutableUserNotificationCategory()
category.identifier = "shoppingListReminderCategory"
category.setActions([justInform, trash], for: .default)
shopping.registerUserNotificationSettings(
    UIUserNotificationSettings(types: [.alert, .sound], categories: [category]))
let reminder = UILocalNotification()
let picked = clock.now.addingTimeInterval(3_600 + 37)  // a date picker's value, with stray seconds
reminder.fireDate = Date(timeIntervalSince1970: (picked.timeIntervalSince1970 / 60).rounded(.down) * 60)
reminder.alertBody = "Hey, you must go shopping, remember?"
reminder.alertAction = "View List"
reminder.category = "shoppingListReminderCategory"
shopping.scheduleLocalNotification(reminder)
clock.advance(by: 3_600 + 37)
try await tap("trashAction", of: "com.example.shopping")
print("scheduled after the reminder fired: \(shopping.scheduledLocalNotifications?.count ?? 0)")
}

// MARK: The engine's rules

func limitSection() async throws {
section("The engine: iOS's limit of 64 pending requests per app")
let todo = UNUserNotificationCenter(appIdentifier: "com.example.todo", service: engine)
_ = try await todo.requestAuthorization(options: [.alert])
for index in 1...65 {
    let item = UNMutableNotificationContent()
    item.title = "Todo Item \"\(index)\" Is Overdue"
    let trigger = UNTimeIntervalNotificationTrigger(timeInterval: Double(index) * 3_600, repeats: false)
    do {
        try await todo.add(UNNotificationRequest(identifier: "todo-\(index)", content: item, trigger: trigger))
    } catch let error as UNError {
        print("reminder \(index): \(error.localizedDescription)")
    }
}
print("pending: \(await todo.pendingNotificationRequests().count)")
}

try await nagMeSection()
try await shoppingSection()
try await limitSection()
