import LegacyNotifications
import Logging
import Synchronization

/// The seed's app delegate: the reminder's actions, and the reminder arriving
/// while the page is open.
extension ShoppingListApp {
    /// "Delete list" empties and saves the list in the background, without the
    /// page; "Edit list" (which opens the page) asks it to focus the add-item
    /// field; "OK, got it" does nothing.
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void
    ) {
        switch identifier {
        case Self.trashAction:
            queue.enqueue { [self] in
                defer { completionHandler() }
                do {
                    try deleteAllItems()
                } catch {
                    logger.error("\"Delete list\" could not save the empty list: \(error)")
                }
            }
        case Self.editList:
            state.withLock { $0.focusAddItem = true }
            messages.focusAddItem()
            completionHandler()
        default:
            messages.changed()
            completionHandler()
        }
    }

    /// The reminder arrived while the page is open (iOS 8 does not show it then):
    /// the page shows it itself. When the user tapped the reminder (the app is
    /// opening, inactive), the page only refreshes.
    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        if application.applicationState != .inactive {
            messages.notification(
                title: notification.alertTitle ?? displayName, body: notification.alertBody, identifier: "reminder")
        }
        messages.changed()
    }
}
