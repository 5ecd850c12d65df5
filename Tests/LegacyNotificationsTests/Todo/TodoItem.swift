import Foundation

/// A to-do item with a deadline (seed 001). The UUID ties it to its reminder.
struct TodoItem: Codable, Hashable, Sendable {
    var title: String
    var deadline: Date
    var uuid: String

    init(deadline: Date, title: String, uuid: String = UUID().uuidString) {
        self.deadline = deadline
        self.title = title
        self.uuid = uuid
    }

    /// Whether the deadline has passed (shown in red).
    func isOverdue(at now: Date) -> Bool {
        now > deadline
    }
}
