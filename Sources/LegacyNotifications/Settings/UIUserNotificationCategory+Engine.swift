import NotificationModel
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
        for (context, actions) in properties.actions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try Self.validate(actions, for: context, in: identifier)
        }
        let actions = try (properties.actions[.default] ?? []).map { try $0.engineAction() }
        let minimal = try properties.actions[.minimal].map { try $0.map { try $0.engineAction() } }
        return NotificationCategory(identifier: identifier, actions: actions, minimalActions: minimal)
    }

    private static func validate(
        _ actions: [UIUserNotificationAction], for context: UIUserNotificationActionContext, in category: String
    ) throws {
        guard actions.count <= context.maximumActionCount else {
            throw NotificationError(
                .invalidCategory,
                "category \"\(category)\": the \(context) context shows at most \(context.maximumActionCount) "
                    + "actions, not \(actions.count)")
        }
        let identifiers = actions.compactMap(\.identifier)
        guard Set(identifiers).count == identifiers.count else {
            throw NotificationError(
                .invalidCategory,
                "category \"\(category)\": the \(context) context has two actions with the same identifier: \(identifiers)")
        }
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
