import Synchronization

/// A button a notification offers, shaped like iOS 8's `UIUserNotificationAction`.
/// Immutable: build actions with ``UIMutableUserNotificationAction``.
///
/// `@unchecked Sendable` is sound: the only stored property is a `Mutex`.
public class UIUserNotificationAction: @unchecked Sendable {
    let state: Mutex<ActionProperties>

    init(_ properties: ActionProperties) {
        state = Mutex(properties)
    }

    /// The identifier the delegate receives when the user chooses the action.
    public var identifier: String? {
        self[\.identifier]
    }

    /// The button's title.
    public var title: String? {
        self[\.title]
    }

    /// Whether choosing the action opens the app or runs it in the background.
    public var activationMode: UIUserNotificationActivationMode {
        self[\.activationMode]
    }

    /// Whether the action destroys data (shown in red).
    public var isDestructive: Bool {
        self[\.isDestructive]
    }

    /// Whether the user must be authenticated (the device unlocked) to choose the
    /// action. Always `true` for a ``UIUserNotificationActivationMode/foreground``
    /// action, as on iOS 8.
    public var isAuthenticationRequired: Bool {
        state.withLock { $0.isAuthenticationRequired || $0.activationMode == .foreground }
    }

    /// A button or a text field (iOS 9).
    public var behavior: UIUserNotificationActionBehavior {
        self[\.behavior]
    }

    /// Options of the behavior: ``UIUserNotificationTextInputActionButtonTitleKey``
    /// names a text-input action's send button.
    public var parameters: [AnyHashable: Any] {
        state.withLock { $0.parameters }.value ?? [:]
    }

    subscript<Value: Sendable>(property: WritableKeyPath<ActionProperties, Value>) -> Value {
        get { state.withLock { $0[keyPath: property] } }
        set { state.withLock { $0[keyPath: property] = newValue } }
    }
}
