import NotificationEngine
import Synchronization

/// How an iOS 8 category maps to an engine category: the default context's
/// actions are the category's actions, the minimal context's its banner actions
/// (without them a banner shows the first two).
extension UIUserNotificationCategory {
    func engineCategory() throws -> NotificationCategory {
        let properties = state.withLock { $0 }
        guard let identifier = properties.identifier, !identifier.isEmpty else {
            throw NotificationError(.invalidIdentifier, "a category has no identifier")
        }
        let actions = try (properties.actions[.default] ?? []).map { try $0.engineAction() }
        let minimal = try properties.actions[.minimal].map { try $0.map { try $0.engineAction() } }
        return NotificationCategory(identifier: identifier, actions: actions, minimalActions: minimal)
    }

    /// The immutable category for an engine category.
    convenience init(_ category: NotificationCategory) {
        var properties = CategoryProperties(identifier: category.identifier)
        if !category.actions.isEmpty {
            properties.actions[.default] = category.actions.map(UIUserNotificationAction.init)
        }
        if let minimal = category.minimalActions {
            properties.actions[.minimal] = minimal.map(UIUserNotificationAction.init)
        }
        self.init(properties)
    }
}
