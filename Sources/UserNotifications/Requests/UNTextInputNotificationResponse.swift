/// The answer to a ``UNTextInputNotificationAction``: the response with the text the user typed.
public final class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// The text the user typed.
    public let userText: String

    init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}
