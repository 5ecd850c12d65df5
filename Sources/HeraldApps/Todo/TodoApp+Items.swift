import Foundation
import LegacyNotifications
import NotificationModel
import Signals
import Synchronization

extension TodoApp {
    /// "Save": schedules the item's reminder, then saves the item. Nothing is
    /// saved if the reminder is refused; the reminder is cancelled if saving fails.
    func addItem(title: String, deadline: Date) async throws {
        try registration.requireFinished(displayName)
        let count = store.document.items.count
        guard count < Self.maximumItems else {
            throw HeraldAppError.limitReached("the list already holds \(Self.maximumItems) items; complete one first")
        }
        let wholeSeconds = Date(timeIntervalSince1970: deadline.timeIntervalSince1970.rounded(.down))
        let item = TodoDocument.Item(title: title, deadline: wholeSeconds, UUID: UUID().uuidString)
        let notification = reminder(for: item)
        try await application.throwing.scheduleLocalNotification(notification)
        do {
            try change { $0.items.append(item) }
        } catch {
            try? await application.throwing.cancelLocalNotification(notification)
            throw error
        }
    }

    /// "Complete": cancels the item's reminder (found among the scheduled ones by
    /// its `userInfo["UUID"]`) and removes the item.
    func removeItem(_ uuid: String) async throws {
        guard store.document.items.contains(where: { $0.UUID == uuid }) else {
            throw HeraldAppError.notFound("there is no item \(uuid)")
        }
        for notification in try await application.throwing.scheduledLocalNotifications()
        where notification.userInfo?["UUID"] as? String == uuid {
            try await application.throwing.cancelLocalNotification(notification)
            break
        }
        try change { $0.items.removeAll { $0.UUID == uuid } }
    }

    /// The seed's notification for an item.
    private func reminder(for item: TodoDocument.Item) -> UILocalNotification {
        let notification = UILocalNotification()
        notification.alertBody = "Todo Item \"\(item.title)\" Is Overdue"
        notification.alertAction = "open"
        notification.fireDate = item.deadline
        notification.soundName = UILocalNotificationDefaultSoundName
        notification.userInfo = ["UUID": item.UUID]
        notification.category = Self.categoryIdentifier
        return notification
    }

    /// Changes the items and saves them; if saving fails they stay as they were.
    private func change(_ body: (inout TodoDocument) -> Void) throws(HeraldAppError) {
        var changed = store.document
        body(&changed)
        try store.save(changed)
        messages.changed()
    }

    /// The page's list: `{"items": [{"UUID", "title", "deadline", "overdue"}],
    /// "canAdd": Bool, "limit": 64, "now": date, "notifications": "waiting" |
    /// "allowed" | "denied"}`, soonest deadline first, `overdue` by the app's clock.
    func reply() async throws -> JSONValue {
        let now = scheduler.now
        let items = store.document.items.sorted {
            ($0.deadline, $0.title, $0.UUID) < ($1.deadline, $1.title, $1.UUID)
        }
        return [
            "items": .array(items.map { item in
                [
                    "UUID": .string(item.UUID), "title": .string(item.title),
                    "deadline": .string(ISODate.format(item.deadline)), "overdue": .bool(item.isOverdue(at: now)),
                ]
            }),
            "canAdd": .bool(items.count < Self.maximumItems),
            "limit": .number(Double(Self.maximumItems)),
            "now": .string(ISODate.format(now)),
            "notifications": .string(try await notificationStatus().rawValue),
        ]
    }

    private func notificationStatus() async throws -> Registration.Status {
        try await registration.status { try await !application.throwing.currentUserNotificationSettings().types.isEmpty }
    }
}
