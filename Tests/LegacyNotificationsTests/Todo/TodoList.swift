import Foundation
import LegacyNotifications
import Synchronization

/// The to-do list with deadlines of seed 001, ported from its `TodoList`, table
/// view controller and app delegate to the public LegacyNotifications API.
///
/// Items are saved to a JSON file keyed by UUID; each schedules a reminder at
/// its deadline. The table becomes ``rows`` and the "Add" button
/// ``isAddEnabled``, both as of the last ``refreshList()``, which runs when a
/// reminder arrives with the app open and when the app becomes active.
final class TodoList: NSObject, UIApplicationDelegate, Sendable {
    /// iOS keeps at most 64 scheduled notifications per app.
    static let maximumItems = 64
    static let categoryIdentifier = "TODO_CATEGORY"
    static let fileName = "todoItems.json"

    /// One row of the table.
    struct Row: Hashable {
        var title: String
        var deadline: Date
        var isOverdue: Bool
    }

    enum Failure: Error, Equatable {
        /// Adding is disabled: the list holds ``TodoList/maximumItems`` items.
        case listFull
    }

    private struct State {
        var rows: [Row] = []
        var isAddEnabled = true
        var refreshCount = 0
    }

    private let application: UIApplication
    private let fileURL: URL
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    /// Serializes the file's read-modify-write.
    private let file = Mutex(())

    init(application: UIApplication, directory: URL, now: @escaping @Sendable () -> Date) {
        self.application = application
        fileURL = directory.appendingPathComponent(Self.fileName)
        self.now = now
        super.init()
        application.delegate = self
        refreshList()
    }

    var rows: [Row] { state.withLock { $0.rows } }
    var isAddEnabled: Bool { state.withLock { $0.isAddEnabled } }
    var refreshCount: Int { state.withLock { $0.refreshCount } }

    /// Registers alerts, badges and sounds, and the reminders' category.
    func setup() async throws {
        let category = UIMutableUserNotificationCategory()
        category.identifier = Self.categoryIdentifier
        try await application.throwing.registerUserNotificationSettings(
            UIUserNotificationSettings(types: [.alert, .badge, .sound], categories: [category]))
    }

    // MARK: Items

    /// Every item, soonest deadline first.
    func allItems() throws -> [TodoItem] {
        try file.withLock { _ in try load() }.values.sorted { $0.deadline < $1.deadline }
    }

    /// "Save": schedules the item's reminder, then saves the item and returns to
    /// the refreshed list. Nothing is saved if the reminder is refused.
    func addItem(_ item: TodoItem) async throws {
        guard isAddEnabled else { throw Failure.listFull }
        let notification = UILocalNotification()
        notification.alertBody = "Todo Item \"\(item.title)\" Is Overdue"
        notification.alertAction = "open"
        notification.fireDate = item.deadline
        notification.soundName = UILocalNotificationDefaultSoundName
        notification.userInfo = ["UUID": item.uuid]
        notification.category = Self.categoryIdentifier
        try await application.throwing.scheduleLocalNotification(notification)
        try change { $0[item.uuid] = item }
        refreshList()
    }

    /// "Complete": cancels the item's reminder and removes it.
    func removeItem(_ item: TodoItem) async throws {
        for notification in try await application.throwing.scheduledLocalNotifications()
        where notification.userInfo?["UUID"] as? String == item.uuid {
            try await application.throwing.cancelLocalNotification(notification)
            break
        }
        try change { $0[item.uuid] = nil }
        refreshList()
    }

    private func change(_ body: (inout [String: TodoItem]) -> Void) throws {
        try file.withLock { _ in
            var items = try load()
            body(&items)
            try JSONEncoder().encode(items).write(to: fileURL, options: .atomic)
        }
    }

    private func load() throws -> [String: TodoItem] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [:] }
        return try JSONDecoder().decode([String: TodoItem].self, from: Data(contentsOf: fileURL))
    }

    // MARK: The table

    /// Reloads the table from the saved items: overdue ones in red, "Add"
    /// disabled at 64 items.
    func refreshList() {
        let items = (try? allItems()) ?? []
        let now = now()
        let rows = items.map { Row(title: $0.title, deadline: $0.deadline, isOverdue: $0.isOverdue(at: now)) }
        state.withLock { state in
            state.rows = rows
            state.isAddEnabled = items.count < Self.maximumItems
            state.refreshCount += 1
        }
    }

    // MARK: UIApplicationDelegate

    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        refreshList()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        refreshList()
    }
}
