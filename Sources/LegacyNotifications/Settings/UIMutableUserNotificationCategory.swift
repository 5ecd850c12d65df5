import NotificationEngine
import Synchronization

/// A category to configure and register, shaped like iOS 8's
/// `UIMutableUserNotificationCategory`.
///
/// ```swift
/// let category = UIMutableUserNotificationCategory()
/// category.identifier = "shoppingListReminderCategory"
/// try category.setActions([justInform, editList, trash], for: .default)
/// try category.setActions([trash, editList], for: .minimal)
/// ```
public final class UIMutableUserNotificationCategory: UIUserNotificationCategory, @unchecked Sendable {
    /// A category with no identifier and no actions.
    public init() {
        super.init(CategoryProperties())
    }

    /// The name notifications use in ``UILocalNotification/category``.
    public override var identifier: String? {
        get { super.identifier }
        set { state.withLock { $0.identifier = newValue } }
    }

    /// Sets the actions shown in a context, in order; `nil` removes them. A
    /// context without actions of its own shows the first two default ones. The
    /// minimal context's actions must be among the default context's: the engine
    /// refuses to register a category whose banner offers an action its alert
    /// does not.
    ///
    /// - Throws: ``NotificationError/Code/invalidCategory`` for more than four
    ///   actions in the default context or two in the minimal one, or twice the
    ///   same identifier (iOS 8 silently ignored the extra actions). Nothing
    ///   changes then.
    public func setActions(_ actions: [UIUserNotificationAction]?, for context: UIUserNotificationActionContext) throws {
        if let actions {
            try Self.validate(actions, for: context)
        }
        state.withLock { $0.actions[context] = actions }
    }

    private static func validate(_ actions: [UIUserNotificationAction], for context: UIUserNotificationActionContext) throws {
        guard actions.count <= context.maximumActionCount else {
            throw NotificationError(
                .invalidCategory,
                "the \(context) context shows at most \(context.maximumActionCount) actions, not \(actions.count)")
        }
        let identifiers = actions.compactMap(\.identifier)
        guard Set(identifiers).count == identifiers.count else {
            throw NotificationError(
                .invalidCategory, "the \(context) context has two actions with the same identifier: \(identifiers)")
        }
    }
}
