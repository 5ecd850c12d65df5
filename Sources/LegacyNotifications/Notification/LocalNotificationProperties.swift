import Foundation
import NotificationModel

/// The value of every `UILocalNotification` property at one moment: what a
/// notification object holds under its lock, what is mapped to an engine request
/// and what is compared for equality.
struct LocalNotificationProperties: Sendable {
    var fireDate: Date?
    var timeZone: TimeZone?
    var repeatInterval: NSCalendar.Unit = []
    var repeatCalendar: Calendar?
    var alertTitle: String?
    var alertBody: String?
    var alertAction: String?
    var hasAction = true
    var alertLaunchImage: String?
    var soundName: String?
    var applicationIconBadgeNumber = 0
    var userInfo = UserInfoBox(nil)
    var category: String?
    var region: CLRegion?
    var regionTriggersOnce = true

    /// What two notifications must share to be equal: every property, the
    /// payload compared as JSON and the region by its geometry.
    struct Fingerprint: Hashable {
        var fireDate: Date?
        var timeZone: String?
        var repeatInterval: UInt
        var repeatCalendar: Calendar?
        var texts: [String?]
        var hasAction: Bool
        var soundName: String?
        var badge: Int
        /// `nil` when the payload is not JSON.
        var userInfo: [String: JSONValue]?
        var region: CircularRegion?
        var regionIdentifier: String?
        var regionTriggersOnce: Bool
    }

    var fingerprint: Fingerprint {
        Fingerprint(
            fireDate: fireDate, timeZone: timeZone?.identifier, repeatInterval: repeatInterval.rawValue,
            repeatCalendar: repeatCalendar,
            texts: [alertTitle, alertBody, alertAction, alertLaunchImage, category],
            hasAction: hasAction, soundName: soundName, badge: applicationIconBadgeNumber,
            userInfo: try? UserInfoCoding.json(from: userInfo.value ?? [:]),
            region: (region as? CLCircularRegion)?.region, regionIdentifier: region?.identifier,
            regionTriggersOnce: regionTriggersOnce)
    }

    /// The fields the engine has no place for.
    var legacyFields: LegacyFields {
        LegacyFields(
            fireDate: fireDate, timeZone: timeZone?.identifier, repeatInterval: repeatInterval.rawValue,
            repeatCalendar: repeatCalendar, alertAction: alertAction, hasAction: hasAction,
            alertLaunchImage: alertLaunchImage)
    }
}
