import Foundation
import Logging
import NotificationModel

/// One instance of the app's ``UNNotificationServiceExtension`` subclass as the
/// engine's handler of one push: converts the request and the content between
/// the engine's values and Apple's classes.
///
/// Apple's class is not `Sendable`; the engine calls the instance as its class
/// documents (`didReceive` once, then perhaps `serviceExtensionTimeWillExpire`).
final class ServiceExtensionBridge: ServiceExtensionHandler, @unchecked Sendable {
    private let instance: UNNotificationServiceExtension
    private let localizationBundle: URL?
    private let logger: Logger

    init(_ extensionClass: UNNotificationServiceExtension.Type, localizationBundle: URL?, logger: Logger) {
        instance = extensionClass.init()
        self.localizationBundle = localizationBundle
        self.logger = logger
    }

    func didReceive(
        _ request: NotificationRequest, withContentHandler contentHandler: @escaping @Sendable (NotificationContent) -> Void
    ) {
        let (bundle, logger) = (localizationBundle, logger)
        instance.didReceive(UNNotificationRequest(request)) { content in
            do {
                contentHandler(try content.engineContent(localizingWith: bundle))
            } catch {
                // The engine's rule for content it refuses: the push is shown as it came.
                logger.warning("the service extension's content for \(request.identifier) cannot be shown: \(error)")
                contentHandler(request.content)
            }
        }
    }

    func serviceExtensionTimeWillExpire() {
        instance.serviceExtensionTimeWillExpire()
    }
}
