/// The key of ``UIUserNotificationAction/parameters`` that names the send button
/// of a ``UIUserNotificationActionBehavior/textInput`` action.
public let UIUserNotificationTextInputActionButtonTitleKey = "UIUserNotificationTextInputActionButtonTitleKey"

/// What an action asks of the user (iOS 9).
public enum UIUserNotificationActionBehavior: UInt, Sendable, Hashable {
    /// A button.
    case `default` = 0
    /// A text field: the typed text reaches the delegate under
    /// ``UIUserNotificationActionResponseTypedTextKey``.
    case textInput = 1
}
