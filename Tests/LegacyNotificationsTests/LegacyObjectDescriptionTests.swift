import Foundation
import LegacyNotifications
import Testing

/// UIKit's notification classes are `NSObject`s that describe themselves; the
/// settings compare by value.
@Suite("UIKit's notification objects: descriptions and settings equality")
struct LegacyObjectDescriptionTests {
    @Test("A local notification describes itself as UIKit's does")
    func localNotificationDescription() {
        let notification = UILocalNotification()
        notification.fireDate = Date(timeIntervalSinceReferenceDate: 800_000_000)
        notification.timeZone = TimeZone(identifier: "Asia/Tokyo")
        notification.repeatInterval = .day
        notification.userInfo = ["UUID": "42"]
        let description = notification.description
        #expect(description.hasPrefix("<UILocalNotification: 0x"))
        #expect(description.contains(">{fire date = \(notification.fireDate!), time zone = Asia/Tokyo, repeat interval = "))
        #expect(description.contains("repeat count = UILocalNotificationInfiniteRepeatCount, user info = "))
        #expect(description.contains("UUID"))
        #expect(UILocalNotification().description.contains("fire date = (null), time zone = (null)"))
        #expect(notification.debugDescription == description)
    }

    @Test("Settings with the same types and categories are equal")
    func settingsEquality() {
        let category = UIMutableUserNotificationCategory()
        category.identifier = "shopping"
        let settings = UIUserNotificationSettings(types: [.alert, .sound], categories: [category])
        #expect(settings == UIUserNotificationSettings(types: [.alert, .sound], categories: [category]))
        #expect(settings != UIUserNotificationSettings(types: [.alert], categories: [category]))
        #expect(settings != UIUserNotificationSettings(types: [.alert, .sound], categories: nil))
        #expect(settings.hash == UIUserNotificationSettings(types: [.alert, .sound], categories: nil).hash)
        #expect(settings.description.hasPrefix("<UIUserNotificationSettings: 0x"))
    }
}
