import NotificationModel

/// The answer to a ``UNTextInputNotificationAction``: the response with the text the user typed.
public final class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// The text the user typed.
    public let userText: String

    init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }

    override var typedText: String? { userText }

    /// `<UNTextInputNotificationResponse: 0x…; actionIdentifier: …, userText: …, notification: <…>>`.
    public override var description: String {
        ObjectDescription.of(self, [
            "actionIdentifier": actionIdentifier, "userText": userText, "notification": notification,
        ])
    }
}
