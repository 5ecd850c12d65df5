public import Foundation
import Synchronization

/// An action to configure and register in a category, shaped like iOS 8's
/// `UIMutableUserNotificationAction`.
///
/// ```swift
/// let trash = UIMutableUserNotificationAction()
/// trash.identifier = "trashAction"
/// trash.title = "Delete list"
/// trash.activationMode = .background
/// trash.isDestructive = true
/// trash.isAuthenticationRequired = true
/// ```
public final class UIMutableUserNotificationAction: UIUserNotificationAction, @unchecked Sendable {
    /// An action with no identifier or title that runs in the background.
    public init() {
        super.init(ActionProperties())
    }

    init(properties: ActionProperties) {
        super.init(properties)
    }

    /// Reads an action written by `encode(with:)`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The identifier the delegate receives when the user chooses the action.
    public override var identifier: String? {
        get { self[\.identifier] }
        set { self[\.identifier] = newValue }
    }

    /// The button's title.
    public override var title: String? {
        get { self[\.title] }
        set { self[\.title] = newValue }
    }

    /// Whether choosing the action opens the app (default ``UIUserNotificationActivationMode/background``).
    public override var activationMode: UIUserNotificationActivationMode {
        get { self[\.activationMode] }
        set { self[\.activationMode] = newValue }
    }

    /// Whether the action destroys data (default `false`).
    public override var isDestructive: Bool {
        get { self[\.isDestructive] }
        set { self[\.isDestructive] = newValue }
    }

    /// Whether the user must be authenticated (default `false`); reads `true` for
    /// a foreground action whatever was set.
    public override var isAuthenticationRequired: Bool {
        get { super.isAuthenticationRequired }
        set { self[\.isAuthenticationRequired] = newValue }
    }

    /// A button (the default) or a text field.
    public override var behavior: UIUserNotificationActionBehavior {
        get { self[\.behavior] }
        set { self[\.behavior] = newValue }
    }

    /// Options of the behavior, such as ``UIUserNotificationTextInputActionButtonTitleKey``.
    public override var parameters: [AnyHashable: Any] {
        get { super.parameters }
        set {
            let box = UserInfoBox(newValue)
            state.withLock { $0.parameters = box }
        }
    }
}
