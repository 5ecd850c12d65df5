public import Foundation

/// The app's notification service extension: it changes the content of a
/// remote notification before the user sees it — downloads an image to attach,
/// decrypts the body, adds to the title.
///
/// Subclass it and override ``didReceive(_:withContentHandler:)``, as Xcode's
/// template does; Herald makes an instance of the class for each push whose
/// `aps` has `mutable-content: 1` and an alert, for an app that set
/// ``UNUserNotificationCenter/serviceExtensionClass`` (where iOS reads the
/// extension's `NSExtensionPrincipalClass` from its `Info.plist`).
///
/// ```swift
/// class NotificationService: UNNotificationServiceExtension {
///     var contentHandler: ((UNNotificationContent) -> Void)?
///     var bestAttemptContent: UNMutableNotificationContent?
///
///     override func didReceive(
///         _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
///     ) {
///         self.contentHandler = contentHandler
///         bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
///         if let bestAttemptContent = bestAttemptContent {
///             bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"
///             contentHandler(bestAttemptContent)
///         }
///     }
/// }
/// UNUserNotificationCenter.current().serviceExtensionClass = NotificationService.self
/// ```
///
/// As on iOS, the extension has 30 seconds (of the engine's clock) to call the
/// content handler; then ``serviceExtensionTimeWillExpire()`` is called, and a
/// call of the content handler made before it returns still counts. Otherwise
/// the notification is shown as it came, as it is when the content given is
/// refused as any content is (nothing to show, a title over the limit, …; the
/// center's logger says why). Only the first call of the content handler counts.
///
/// The extension runs in the app's process, so it needs the engine in process;
/// with the daemon over HTTP, setting the class is refused (see
/// ``UNUserNotificationCenter/serviceExtensionClass``). Its initializer is
/// `required`, where Apple's is `NSObject`'s, as Herald makes instances from the
/// class: a subclass that declares initializers of its own declares `init()` too.
open class UNNotificationServiceExtension: NSObject {
    /// An extension; Herald makes one for each push.
    public required override init() {
        super.init()
    }

    /// Change the notification's content and hand the new content to
    /// `contentHandler`, once, from any thread. The default shows the content
    /// as it came.
    ///
    /// - Parameters:
    ///   - request: The notification as it came: its identifier (the push's collapse
    ///     identifier, or its id), its content, and a ``UNPushNotificationTrigger``.
    ///   - contentHandler: Takes the content to show.
    open func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }

    /// The 30 seconds are almost up: call the content handler now with the best
    /// content you have, or the notification is shown as it came. The default
    /// does nothing.
    open func serviceExtensionTimeWillExpire() {}
}
