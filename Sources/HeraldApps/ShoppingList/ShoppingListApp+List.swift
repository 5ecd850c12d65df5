import Foundation
import LegacyNotifications
import NotificationModel
import Signals
import Synchronization

extension ShoppingListApp {
    /// The text field's return key: appends the item and saves the list.
    func addItem(_ name: String) throws(HeraldAppError) {
        try change { document throws(HeraldAppError) in
            guard document.items.count < Self.maximumItems else {
                throw .limitReached("the list already holds \(Self.maximumItems) items")
            }
            document.items.append(.init(id: UUID().uuidString, name: name))
        }
    }

    /// Swipe to delete.
    func deleteItem(_ id: String) throws(HeraldAppError) {
        try change { document throws(HeraldAppError) in
            guard let index = document.items.firstIndex(where: { $0.id == id }) else {
                throw .notFound("the list has no item \(id)")
            }
            document.items.remove(at: index)
        }
    }

    /// "Delete list": empties the list and saves it.
    func deleteAllItems() throws(HeraldAppError) {
        try change { $0.items.removeAll() }
    }

    /// Changes the list and saves it; if `body` throws or saving fails, the list
    /// stays as it was.
    private func change(
        _ body: (inout ShoppingListDocument) throws(HeraldAppError) -> Void
    ) throws(HeraldAppError) {
        var document = store.document
        try body(&document)
        try store.save(document)
        messages.changed()
    }

    /// The page's state: `{"items": [{"id", "name"}], "reminder": date or null,
    /// "focusAddItem": Bool, "notifications": "waiting" | "allowed" | "denied"}`.
    /// With `consumingFocus`, a `focusAddItem` of `true` is reported once.
    func reply(consumingFocus: Bool = false) async throws -> JSONValue {
        let reminder = try await application.throwing.scheduledLocalNotifications()
            .first { $0.category == Self.categoryIdentifier }?.fireDate
        let notifications = try await notificationStatus()
        let document = store.document
        let focus = state.withLock { state in
            defer { if consumingFocus { state.focusAddItem = false } }
            return state.focusAddItem
        }
        return [
            "items": .array(document.items.map { ["id": .string($0.id), "name": .string($0.name)] }),
            "reminder": reminder.map { .string(ISODate.format($0)) } ?? .null,
            "focusAddItem": .bool(focus),
            "notifications": .string(notifications.rawValue),
        ]
    }

    private func notificationStatus() async throws -> Registration.Status {
        try await registration.status { try await !application.throwing.currentUserNotificationSettings().types.isEmpty }
    }
}
