import Foundation
import NotificationModel
import Signals
import Synchronization
import UserNotifications

extension NagMeApp {
    /// Adds a task with its bell off.
    func addTask(_ title: String) throws(HeraldAppError) {
        try change { document throws(HeraldAppError) in
            guard !document.tasks.contains(title) else { throw .invalidInput("there is already a task \"\(title)\"") }
            guard document.tasks.count < Self.maximumTasks else {
                throw .limitReached("the list already holds \(Self.maximumTasks) tasks")
            }
            document.tasks.append(title)
        }
    }

    /// Deletes a task and stops its reminder.
    func deleteTask(_ title: String) async throws {
        try requireTask(title)
        if registration.progress == .finished {
            try await center.throwing.removePendingNotificationRequests(withIdentifiers: [title])
        }
        try change { $0.tasks.removeAll { $0 == title } }
    }

    /// The seed's `toggleReminder(for:)`: turns the task's reminder on, or off if
    /// it is on.
    func toggleReminder(for task: String) async throws {
        try requireTask(task)
        try registration.requireFinished(displayName)
        if try await retrieveNotification(for: task) == nil {
            try await createReminderNotification(for: task)
        } else {
            try await center.throwing.removePendingNotificationRequests(withIdentifiers: [task])
        }
        messages.changed()
    }

    /// The seed's `createReminderNotification(for:)`: "Task Reminder", "Walk
    /// Dog!!", every 60 seconds (the shortest repeat allowed).
    private func createReminderNotification(for task: String) async throws {
        let content = UNMutableNotificationContent()
        content.title = "Task Reminder"
        content.body = "\(task)!!"
        content.sound = .default
        content.categoryIdentifier = Identifiers.reminderCategory
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
        try await center.add(UNNotificationRequest(identifier: task, content: content, trigger: trigger))
    }

    /// The seed's `retrieveNotification(for:)`: the task's pending reminder, if
    /// its bell is on.
    private func retrieveNotification(for task: String) async throws -> UNNotificationRequest? {
        try await center.throwing.pendingNotificationRequests().first { $0.identifier == task }
    }

    private func requireTask(_ title: String) throws(HeraldAppError) {
        guard store.document.tasks.contains(title) else { throw .notFound("there is no task \"\(title)\"") }
    }

    /// Changes the tasks and saves them; if `body` throws or saving fails they
    /// stay as they were.
    private func change(_ body: (inout NagMeDocument) throws(HeraldAppError) -> Void) throws(HeraldAppError) {
        var changed = store.document
        try body(&changed)
        try store.save(changed)
        messages.changed()
    }

    /// The page's list: `{"tasks": [{"title", "bell"}], "notifications":
    /// "waiting" | "allowed" | "denied"}`. A bell is on while the task's reminder
    /// is pending; all are off until the user answers the authorization request.
    func reply() async throws -> JSONValue {
        let tasks = store.document.tasks
        var pending: Set<String> = []
        if registration.progress == .finished {
            pending = Set(try await center.throwing.pendingNotificationRequests().map(\.identifier))
        }
        let status = try await registration.status {
            try await center.throwing.notificationSettings().authorizationStatus == .authorized
        }
        return [
            "tasks": .array(tasks.map { ["title": .string($0), "bell": .bool(pending.contains($0))] }),
            "notifications": .string(status.rawValue),
        ]
    }
}
