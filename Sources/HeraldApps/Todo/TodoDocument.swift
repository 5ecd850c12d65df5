import Foundation

/// What Todo saves in `todo.json`: the items, each with the UUID that ties it to
/// its reminder's `userInfo`.
struct TodoDocument: Codable, Sendable, Equatable {
    /// The seed's `TodoItem`.
    struct Item: Codable, Sendable, Equatable {
        var title: String
        /// When the item is due, in whole seconds; its reminder fires then.
        var deadline: Date
        /// The key of the item and of its reminder (`userInfo["UUID"]`).
        var UUID: String

        /// Whether the deadline has come: from the moment the reminder fires.
        func isOverdue(at now: Date) -> Bool {
            deadline <= now
        }
    }

    /// The items, in no particular order; the page shows them by deadline.
    var items: [Item] = []
}
