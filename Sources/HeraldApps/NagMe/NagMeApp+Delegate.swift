import Logging
import UserNotifications

/// The seed's `UNUserNotificationCenterDelegate`, in its completion-handler form.
extension NagMeApp {
    /// A reminder arriving while the page is open is shown anyway: as a banner
    /// kept in the list, with its sound; the page shows it in place too.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let content = notification.request.content
        messages.notification(title: content.title, body: content.body, identifier: notification.request.identifier)
        completionHandler([.banner, .list, .sound])
    }

    /// "Cancel" stops the reminder answered: its pending request is removed, so
    /// the task's bell goes off.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        guard response.actionIdentifier == Identifiers.cancelAction else {
            messages.changed()
            return completionHandler()
        }
        let identifier = response.notification.request.identifier
        queue.enqueue { [self] in
            defer { completionHandler() }
            do {
                try await center.throwing.removePendingNotificationRequests(withIdentifiers: [identifier])
            } catch {
                logger.error("\"Cancel\" could not remove the reminder of \(identifier): \(error)")
            }
            messages.changed()
        }
    }
}
