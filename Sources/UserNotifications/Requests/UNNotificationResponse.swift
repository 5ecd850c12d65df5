public import Foundation
import NotificationModel

/// The action identifier of a response to a tap on the notification itself.
public let UNNotificationDefaultActionIdentifier: String = NotificationAction.defaultIdentifier

/// The action identifier of a response to a dismissal; sent only for categories
/// with ``UNNotificationCategoryOptions/customDismissAction``.
public let UNNotificationDismissActionIdentifier: String = NotificationAction.dismissIdentifier

/// The user's answer to a delivered notification, handed to the delegate's
/// `userNotificationCenter(_:didReceive:)`.
///
/// ```swift
/// switch response.actionIdentifier {
/// case UNNotificationDefaultActionIdentifier: openTask(response.notification.request.identifier)
/// case "cancel": center.removePendingNotificationRequests(withIdentifiers: [response.notification.request.identifier])
/// default: break
/// }
/// ```
///
/// An immutable `NSObject`, as Apple's: equal (`isEqual(_:)`, `==`) to a response
/// to the same notification with the same action (and text).
public class UNNotificationResponse: NSObject, NSCopying, @unchecked Sendable {
    // Immutable: every stored property is a `let` of a Sendable type.

    /// The notification the user answered.
    public let notification: UNNotification
    /// The chosen action's identifier, ``UNNotificationDefaultActionIdentifier``
    /// for a tap or ``UNNotificationDismissActionIdentifier`` for a dismissal.
    public let actionIdentifier: String

    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    /// The response itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The text the user typed, for a text-input response.
    var typedText: String? { nil }

    /// Whether `object` is a response to an equal notification with the same action and text.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationResponse else { return false }
        return other.notification == notification && other.actionIdentifier == actionIdentifier
            && other.typedText == typedText
    }

    /// The notification's hash.
    public override var hash: Int { notification.hash }

    /// `<UNNotificationResponse: 0x…; actionIdentifier: …, notification: <…>>`.
    public override var description: String {
        ObjectDescription.of(self, ["actionIdentifier": actionIdentifier, "notification": notification])
    }

    /// The facade's form of an engine response: a ``UNTextInputNotificationResponse``
    /// when the user typed text.
    static func make(_ response: NotificationResponse) -> UNNotificationResponse {
        let notification = UNNotification(response.delivery)
        guard let text = response.userText else {
            return UNNotificationResponse(notification: notification, actionIdentifier: response.actionIdentifier)
        }
        return UNTextInputNotificationResponse(
            notification: notification, actionIdentifier: response.actionIdentifier, userText: text)
    }
}
