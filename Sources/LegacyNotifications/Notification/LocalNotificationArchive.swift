import Foundation
import NotificationModel

/// What a `UILocalNotification` writes to an `NSCoder`: every property, as JSON
/// under one key. The `userInfo` is kept when JSON can hold it (as
/// `scheduleLocalNotification` requires) and left out otherwise.
struct LocalNotificationArchive: Codable {
    static let key = "herald.UILocalNotification"

    var fields: LegacyFields
    var alertTitle: String?
    var alertBody: String?
    var soundName: String?
    var applicationIconBadgeNumber: Int
    var userInfo: [String: JSONValue]?
    var category: String?
    var region: CircularRegion?
    var regionTriggersOnce: Bool

    init(_ properties: LocalNotificationProperties) {
        fields = properties.legacyFields
        alertTitle = properties.alertTitle
        alertBody = properties.alertBody
        soundName = properties.soundName
        applicationIconBadgeNumber = properties.applicationIconBadgeNumber
        userInfo = properties.userInfo.value.flatMap { try? UserInfoCoding.json(from: $0) }
        category = properties.category
        region = (properties.region as? CLCircularRegion)?.region
        regionTriggersOnce = properties.regionTriggersOnce
    }

    var properties: LocalNotificationProperties {
        var properties = LocalNotificationProperties()
        properties.fireDate = fields.fireDate
        properties.timeZone = fields.timeZone.flatMap(TimeZone.init(identifier:))
        properties.repeatInterval = NSCalendar.Unit(rawValue: fields.repeatInterval)
        properties.repeatCalendar = fields.repeatCalendar
        properties.alertAction = fields.alertAction
        properties.hasAction = fields.hasAction
        properties.alertLaunchImage = fields.alertLaunchImage
        properties.alertTitle = alertTitle
        properties.alertBody = alertBody
        properties.soundName = soundName
        properties.applicationIconBadgeNumber = applicationIconBadgeNumber
        properties.userInfo = UserInfoBox(userInfo.map(UserInfoCoding.userInfo(from:)))
        properties.category = category
        properties.region = region.map(CLCircularRegion.init)
        properties.regionTriggersOnce = regionTriggersOnce
        return properties
    }
}
