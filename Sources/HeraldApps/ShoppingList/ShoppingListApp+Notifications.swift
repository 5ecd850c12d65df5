import Foundation
import LegacyNotifications
import NotificationModel
import Signals
import Synchronization

extension ShoppingListApp {
    /// The reminder's category, as the seed's `setupNotificationSettings()` builds
    /// it: "OK, got it", "Edit list" and "Delete list" in an alert; "Delete list"
    /// and "Edit list" in a banner.
    static func reminderCategory() -> UIMutableUserNotificationCategory {
        let justInform = action(Self.justInform, "OK, got it", .background, destructive: false, authenticated: false)
        let modifyList = action(Self.editList, "Edit list", .foreground, destructive: false, authenticated: true)
        let trash = action(Self.trashAction, "Delete list", .background, destructive: true, authenticated: true)
        let category = UIMutableUserNotificationCategory()
        category.identifier = categoryIdentifier
        category.setActions([justInform, modifyList, trash], for: .default)
        category.setActions([trash, modifyList], for: .minimal)
        return category
    }

    private static func action(
        _ identifier: String, _ title: String, _ mode: UIUserNotificationActivationMode,
        destructive: Bool, authenticated: Bool
    ) -> UIMutableUserNotificationAction {
        let action = UIMutableUserNotificationAction()
        action.identifier = identifier
        action.title = title
        action.activationMode = mode
        action.isDestructive = destructive
        action.isAuthenticationRequired = authenticated
        return action
    }

    /// The "Schedule Reminder" button: replaces the reminder with one at the
    /// picked minute, second zero.
    ///
    /// Refused with `notificationsNotAllowed` before the user allowed
    /// notifications, `invalidInput` for a minute already past. The old reminder
    /// is cancelled first, as in the seed; if scheduling then fails, it is put back.
    func scheduleReminder(at picked: Date) async throws {
        try registration.requireFinished(displayName)
        let fireDate = fixNotificationDate(picked)
        guard fireDate > scheduler.now else {
            throw HeraldAppError.invalidInput("\(ISODate.format(fireDate)) has already passed; pick a later time")
        }
        guard try await !application.throwing.currentUserNotificationSettings().types.isEmpty else {
            throw HeraldAppError.notificationsNotAllowed("notifications are turned off for \(displayName)")
        }
        let old = try await application.throwing.scheduledLocalNotifications()
        try await application.throwing.cancelAllLocalNotifications()
        do {
            try await application.throwing.scheduleLocalNotification(reminder(at: fireDate))
        } catch {
            for notification in old {
                try? await application.throwing.scheduleLocalNotification(notification)
            }
            throw error
        }
    }

    /// The seed's `fixNotificationDate(_:)`: a date picker has no seconds but
    /// keeps the current ones, so drop them (14:00:37 becomes 14:00:00).
    func fixNotificationDate(_ dateToFix: Date) -> Date {
        calendar.dateInterval(of: .minute, for: dateToFix)?.start ?? dateToFix
    }

    private func reminder(at fireDate: Date) -> UILocalNotification {
        let notification = UILocalNotification()
        notification.fireDate = fireDate
        notification.alertBody = Self.reminderBody
        notification.alertAction = Self.reminderAction
        notification.category = Self.categoryIdentifier
        return notification
    }
}
