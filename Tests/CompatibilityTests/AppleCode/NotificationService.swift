// Xcode's template for a Notification Service Extension target
// (NotificationService.swift), in its Swift 5 spelling, with the template's
// "Modify the notification content here..." filled in with its usual example.
// Compiled unchanged but for the import; Herald learns the class from
// `UNUserNotificationCenter.serviceExtensionClass` where iOS reads the
// extension's Info.plist.
import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        
        if let bestAttemptContent = bestAttemptContent {
            // Modify the notification content here...
            bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"
            
            contentHandler(bestAttemptContent)
        }
    }
    
    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent =  bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

}

// The same extension downloading an image to attach, as the usual tutorials
// do; the download is slow here (it never finishes), so the system's last call,
// serviceExtensionTimeWillExpire, delivers the best attempt: the title it has
// already changed.
class ImageNotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        guard let bestAttemptContent = bestAttemptContent,
              let urlString = request.content.userInfo["image-url"] as? String,
              let url = URL(string: urlString) else {
            contentHandler(request.content)
            return
        }
        bestAttemptContent.title = "\(bestAttemptContent.title) [image]"
        SlowDownloader.download(url) { file in
            if let file = file, let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil) {
                bestAttemptContent.attachments = [attachment]
            }
            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}

/// A download that never finishes: the network of a test.
enum SlowDownloader {
    static func download(_ url: URL, completion: @escaping (URL?) -> Void) {}
}
