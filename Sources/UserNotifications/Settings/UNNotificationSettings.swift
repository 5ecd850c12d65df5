import NotificationEngine

/// The app's notification settings as the user chose them, read with
/// ``UNUserNotificationCenter/notificationSettings()``.
///
/// ```swift
/// let settings = try await center.notificationSettings()
/// guard settings.authorizationStatus == .authorized else { return }
/// if settings.alertSetting == .enabled { … }
/// ```
public final class UNNotificationSettings: Sendable {
    /// Whether the app may post notifications.
    public let authorizationStatus: UNAuthorizationStatus
    /// Whether notifications play sounds.
    public let soundSetting: UNNotificationSetting
    /// Whether notifications set the app's badge.
    public let badgeSetting: UNNotificationSetting
    /// Whether notifications are shown on screen.
    public let alertSetting: UNNotificationSetting
    /// Whether notifications are kept in the notification center.
    public let notificationCenterSetting: UNNotificationSetting
    /// How notifications appear while the app is not in the foreground.
    public let alertStyle: UNAlertStyle

    init(_ settings: NotificationSettings) {
        authorizationStatus = UNAuthorizationStatus(settings.authorizationStatus)
        soundSetting = UNNotificationSetting(settings.soundSetting)
        badgeSetting = UNNotificationSetting(settings.badgeSetting)
        alertSetting = UNNotificationSetting(settings.alertSetting)
        notificationCenterSetting = UNNotificationSetting(settings.notificationCenterSetting)
        alertStyle = UNAlertStyle(settings.alertStyle)
    }
}
