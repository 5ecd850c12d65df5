// Xcode's template for a Notification Service Extension target
// (NotificationService.swift), in its Swift 5 spelling, with the template's
// "Modify the notification content here..." filled in as chat apps do: the
// sender's name, sent in the payload, goes into the title. Unchanged but for
// the import.
import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        if let bestAttemptContent = bestAttemptContent {
            // Modify the notification content here...
            if let sender = request.content.userInfo["sender"] as? String {
                bestAttemptContent.title = "\(sender): \(bestAttemptContent.title)"
            } else {
                bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"
            }

            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

}
