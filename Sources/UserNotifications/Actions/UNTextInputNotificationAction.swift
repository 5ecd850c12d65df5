import NotificationModel

/// An action that asks the user for text: the response is a
/// ``UNTextInputNotificationResponse`` carrying ``UNTextInputNotificationResponse/userText``.
///
/// ```swift
/// let reply = UNTextInputNotificationAction(
///     identifier: "reply", title: "Reply", options: [],
///     textInputButtonTitle: "Send", textInputPlaceholder: "Message")
/// ```
public final class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    /// The title of the button that sends the text.
    public let textInputButtonTitle: String
    /// The text shown in the empty field.
    public let textInputPlaceholder: String

    /// A text-input action.
    public convenience init(
        identifier: String,
        title: String,
        options: UNNotificationActionOptions = [],
        textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.init(
            identifier: identifier, title: title, options: options, icon: nil,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// An action that asks for text, with an image beside its title.
    public init(
        identifier: String,
        title: String,
        options: UNNotificationActionOptions = [],
        icon: UNNotificationActionIcon?,
        textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options, icon: icon)
    }

    /// `<UNTextInputNotificationAction: 0x…; identifier: …, title: …, textInputButtonTitle: …, …>`.
    public override var description: String {
        ObjectDescription.of(self, [
            "identifier": identifier, "title": title, "options": options.rawValue, "icon": icon,
            "textInputButtonTitle": textInputButtonTitle, "textInputPlaceholder": textInputPlaceholder,
        ])
    }

    override var textInput: NotificationAction.TextInput? {
        NotificationAction.TextInput(buttonTitle: textInputButtonTitle, placeholder: textInputPlaceholder)
    }
}
