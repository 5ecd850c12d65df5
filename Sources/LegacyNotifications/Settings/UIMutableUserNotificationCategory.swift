public import Foundation
import Synchronization

/// A category to configure and register, shaped like iOS 8's
/// `UIMutableUserNotificationCategory`.
///
/// ```swift
/// let category = UIMutableUserNotificationCategory()
/// category.identifier = "shoppingListReminderCategory"
/// category.setActions([justInform, editList, trash], for: .default)
/// category.setActions([trash, editList], for: .minimal)
/// ```
public final class UIMutableUserNotificationCategory: UIUserNotificationCategory, @unchecked Sendable {
    /// A category with no identifier and no actions.
    public init() {
        super.init(CategoryProperties())
    }

    init(properties: CategoryProperties) {
        super.init(properties)
    }

    /// Reads a category written by `encode(with:)`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The name notifications use in ``UILocalNotification/category``.
    public override var identifier: String? {
        get { super.identifier }
        set { state.withLock { $0.identifier = newValue } }
    }

    /// Sets the actions shown in a context, in order; `nil` removes them. A
    /// context without actions of its own shows the first two default ones.
    ///
    /// Registering the category refuses (with ``NotificationError/Code/invalidCategory``)
    /// more than four actions in the default context or two in the minimal one,
    /// two with one identifier, and minimal actions that are not among the
    /// default context's — iOS 8 silently dropped the extra actions.
    public func setActions(_ actions: [UIUserNotificationAction]?, for context: UIUserNotificationActionContext) {
        state.withLock { $0.actions[context] = actions }
    }
}
