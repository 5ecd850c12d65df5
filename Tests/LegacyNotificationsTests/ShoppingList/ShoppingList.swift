import Foundation
import LegacyNotifications
import Synchronization

/// "Shopping Alert" (seeds 000 and 003), ported from its view controller and app
/// delegate to the public LegacyNotifications API: a shopping list saved to a
/// JSON file and one interactive reminder whose actions work without the app
/// on screen.
///
/// The UIKit views become state a test can read: ``items`` is the table,
/// ``isAddItemFieldFocused`` the text field's first-responder status.
final class ShoppingList: NSObject, UIApplicationDelegate, Sendable {
    static let categoryIdentifier = "shoppingListReminderCategory"
    static let justInform = "justInform"
    static let editList = "editList"
    static let trashAction = "trashAction"
    static let fileName = "shopping_list.json"

    private struct State {
        var items: [String]
        var isAddItemFieldFocused = false
        var lastError: (any Error)?
    }

    private let application: UIApplication
    private let fileURL: URL
    private let calendar: Calendar
    private let state: Mutex<State>

    /// Loads the list saved in `directory` and becomes the application's delegate.
    init(application: UIApplication, directory: URL, calendar: Calendar) throws {
        self.application = application
        fileURL = directory.appendingPathComponent(Self.fileName)
        self.calendar = calendar
        state = Mutex(State(items: try Self.load(from: fileURL)))
        super.init()
        application.delegate = self
    }

    var items: [String] { state.withLock { $0.items } }
    var isAddItemFieldFocused: Bool { state.withLock { $0.isAddItemFieldFocused } }
    /// The last error a notification action met while saving.
    var lastError: (any Error)? { state.withLock { $0.lastError } }

    // MARK: The list

    /// The text field's return key: adds the item, saves, hides the keyboard.
    func addItem(_ text: String) throws {
        try change { $0.append(text) }
        state.withLock { $0.isAddItemFieldFocused = false }
    }

    /// Swipe to delete.
    func removeItem(at index: Int) throws {
        try change { $0.remove(at: index) }
    }

    private func removeAllItems() throws {
        try change { $0.removeAll() }
    }

    /// Changes the list and saves it; if saving fails the list stays as it was.
    private func change(_ body: (inout [String]) -> Void) throws {
        try state.withLock { state in
            var items = state.items
            body(&items)
            try Self.save(items, to: fileURL)
            state.items = items
        }
    }

    private static func load(from url: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try JSONDecoder().decode([String].self, from: Data(contentsOf: url))
    }

    private static func save(_ items: [String], to url: URL) throws {
        try JSONEncoder().encode(items).write(to: url, options: .atomic)
    }

    // MARK: Notifications

    /// Registers alerts and sounds with the reminder's category, unless the app
    /// already did.
    func setupNotificationSettings() async throws {
        guard try await application.throwing.currentUserNotificationSettings().types == [] else { return }
        let settings = UIUserNotificationSettings(types: [.alert, .sound], categories: [try Self.reminderCategory()])
        try await application.throwing.registerUserNotificationSettings(settings)
    }

    static func reminderCategory() throws -> UIMutableUserNotificationCategory {
        let justInform = action(Self.justInform, "OK, got it", .background, destructive: false, authenticated: false)
        let modifyList = action(Self.editList, "Edit list", .foreground, destructive: false, authenticated: true)
        let trash = action(Self.trashAction, "Delete list", .background, destructive: true, authenticated: true)
        let category = UIMutableUserNotificationCategory()
        category.identifier = categoryIdentifier
        category.setActions([justInform, modifyList, trash], for: .default)
        category.setActions([trash, modifyList], for: .minimal)
        return category
    }

    private static func action(
        _ identifier: String, _ title: String, _ mode: UIUserNotificationActivationMode,
        destructive: Bool, authenticated: Bool
    ) -> UIMutableUserNotificationAction {
        let action = UIMutableUserNotificationAction()
        action.identifier = identifier
        action.title = title
        action.activationMode = mode
        action.isDestructive = destructive
        action.isAuthenticationRequired = authenticated
        return action
    }

    /// The "Schedule Reminder" button: cancels the reminder set before and sets
    /// one at the picked date and time, at second zero.
    func scheduleReminder(at pickedDate: Date) async throws {
        try await application.throwing.cancelAllLocalNotifications()
        let notification = UILocalNotification()
        notification.fireDate = fixNotificationDate(pickedDate)
        notification.alertBody = "Hey, you must go shopping, remember?"
        notification.alertAction = "View List"
        notification.category = Self.categoryIdentifier
        try await application.throwing.scheduleLocalNotification(notification)
    }

    /// A date picker has no seconds but keeps the current ones: drop them.
    func fixNotificationDate(_ dateToFix: Date) -> Date {
        var components = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: dateToFix)
        components.second = 0
        return calendar.date(from: components) ?? dateToFix
    }

    // MARK: UIApplicationDelegate

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void
    ) {
        switch identifier {
        case Self.editList:
            state.withLock { $0.isAddItemFieldFocused = true }
        case Self.trashAction:
            do {
                try removeAllItems()
            } catch {
                state.withLock { $0.lastError = error }
            }
        default:
            break
        }
        completionHandler()
    }
}
