public import Foundation
import NotificationModel

/// The app's notification settings as the user chose them, read with
/// ``UNUserNotificationCenter/notificationSettings()``.
///
/// ```swift
/// let settings = try await center.notificationSettings()
/// guard settings.authorizationStatus == .authorized else { return }
/// if settings.alertSetting == .enabled { … }
/// ```
///
/// An immutable `NSObject`, as Apple's: equal (`isEqual(_:)`, `==`) to settings
/// with the same values.
public final class UNNotificationSettings: NSObject, NSCopying, Sendable {
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
    /// Whether critical alerts play even when sounds are off: not supported
    /// unless the app asked for `.criticalAlert`.
    public let criticalAlertSetting: UNNotificationSetting
    /// Whether time-sensitive notifications break through a Focus and Do Not
    /// Disturb; enabled for an authorized app unless the user turned it off.
    public let timeSensitiveSetting: UNNotificationSetting
    /// Whether notifications wait for the scheduled summary, as the user chose for
    /// the app.
    public let scheduledDeliverySetting: UNNotificationSetting
    /// Whether the app said it has its own notification settings screen
    /// (`.providesAppNotificationSettings`).
    public let providesAppNotificationSettings: Bool

    /// Whether notifications show on a lock screen: not supported, Herald's
    /// presenters (the web center, the desktop, the terminal) have none of their own.
    public var lockScreenSetting: UNNotificationSetting { .notSupported }
    /// Whether notifications show in CarPlay: not supported on Linux.
    public var carPlaySetting: UNNotificationSetting { .notSupported }
    /// Whether Siri announces notifications: not supported on Linux.
    public var announcementSetting: UNNotificationSetting { .notSupported }
    /// Whether communication notifications may break through: not supported,
    /// Herald has no communication notifications.
    public var directMessagesSetting: UNNotificationSetting { .notSupported }
    /// When previews show: always, Herald's presenters show every notification's body.
    public var showPreviewsSetting: UNShowPreviewsSetting { .always }

    /// The engine's settings these were made from.
    private let settings: NotificationSettings

    init(_ settings: NotificationSettings) {
        self.settings = settings
        authorizationStatus = UNAuthorizationStatus(settings.authorizationStatus)
        soundSetting = UNNotificationSetting(settings.soundSetting)
        badgeSetting = UNNotificationSetting(settings.badgeSetting)
        alertSetting = UNNotificationSetting(settings.alertSetting)
        notificationCenterSetting = UNNotificationSetting(settings.notificationCenterSetting)
        alertStyle = UNAlertStyle(settings.alertStyle)
        criticalAlertSetting = UNNotificationSetting(settings.criticalAlertSetting)
        timeSensitiveSetting = UNNotificationSetting(settings.timeSensitiveSetting)
        scheduledDeliverySetting = UNNotificationSetting(settings.scheduledDeliverySetting)
        providesAppNotificationSettings = settings.providesAppNotificationSettings
        super.init()
    }

    /// The settings themselves: they never change.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is settings with the same values.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationSettings)?.settings == settings
    }

    /// A hash of the values `isEqual(_:)` compares.
    public override var hash: Int { settings.hashValue }

    /// `<UNNotificationSettings: 0x…; authorizationStatus: authorized, …>`, each setting.
    public override var description: String {
        ObjectDescription.of(self, [
            "authorizationStatus": "\(authorizationStatus)", "notificationCenterSetting": "\(notificationCenterSetting)",
            "soundSetting": "\(soundSetting)", "badgeSetting": "\(badgeSetting)",
            "lockScreenSetting": "\(lockScreenSetting)", "carPlaySetting": "\(carPlaySetting)",
            "announcementSetting": "\(announcementSetting)", "criticalAlertSetting": "\(criticalAlertSetting)",
            "timeSensitiveSetting": "\(timeSensitiveSetting)", "alertSetting": "\(alertSetting)",
            "scheduledDeliverySetting": "\(scheduledDeliverySetting)",
            "directMessagesSetting": "\(directMessagesSetting)", "alertStyle": "\(alertStyle)",
            "showPreviewsSetting": "\(showPreviewsSetting)",
            "providesAppNotificationSettings": providesAppNotificationSettings,
        ])
    }
}
