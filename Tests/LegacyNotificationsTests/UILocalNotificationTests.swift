import Foundation
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

@Suite("UILocalNotification: properties, equality and round trips")
struct UILocalNotificationTests {
    @Test("A new notification has iOS's defaults")
    func defaults() {
        let notification = UILocalNotification()
        #expect(notification.fireDate == nil)
        #expect(notification.timeZone == nil)
        #expect(notification.repeatInterval == [])
        #expect(notification.repeatCalendar == nil)
        #expect(notification.alertTitle == nil && notification.alertBody == nil && notification.alertAction == nil)
        #expect(notification.hasAction)
        #expect(notification.alertLaunchImage == nil)
        #expect(notification.soundName == nil)
        #expect(notification.applicationIconBadgeNumber == 0)
        #expect(notification.userInfo == nil)
        #expect(notification.category == nil)
        #expect(notification.region == nil)
        #expect(notification.regionTriggersOnce)
        #expect(UILocalNotificationDefaultSoundName == "UILocalNotificationDefaultSoundName")
    }

    /// A notification with every property set (no region, which excludes a fire date).
    static func everything() -> UILocalNotification {
        let notification = UILocalNotification()
        notification.fireDate = LegacyFixture.date(2025, 1, 16, 8, 30)
        notification.timeZone = TimeZone(identifier: "Asia/Tokyo")
        notification.repeatInterval = .day
        var calendar = Calendar(identifier: .gregorian)
        calendar.firstWeekday = 2
        notification.repeatCalendar = calendar
        notification.alertTitle = "Shopping"
        notification.alertBody = "Hey, you must go shopping, remember?"
        notification.alertAction = "View List"
        notification.hasAction = false
        notification.alertLaunchImage = "Launch.png"
        notification.soundName = UILocalNotificationDefaultSoundName
        notification.applicationIconBadgeNumber = 3
        notification.userInfo = [
            "UUID": "5F1D", "count": 3, "ratio": 0.5, "done": false, "none": NSNull(),
            "tags": ["home", 2], "nested": ["a": ["b": true]],
        ]
        notification.category = "list"
        return notification
    }

    @Test("Every property reads back what was set")
    func propertiesReadBack() throws {
        let notification = Self.everything()
        #expect(notification.fireDate == LegacyFixture.date(2025, 1, 16, 8, 30))
        #expect(notification.timeZone?.identifier == "Asia/Tokyo")
        #expect(notification.repeatInterval == .day)
        #expect(notification.repeatCalendar?.firstWeekday == 2)
        #expect(notification.alertTitle == "Shopping")
        #expect(notification.alertAction == "View List")
        #expect(!notification.hasAction)
        #expect(notification.alertLaunchImage == "Launch.png")
        #expect(notification.applicationIconBadgeNumber == 3)
        #expect(notification.userInfo?["UUID"] as? String == "5F1D")
        #expect(notification.category == "list")
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 48.85, longitude: 2.35), radius: 100, identifier: "shop")
        notification.region = region
        notification.regionTriggersOnce = false
        #expect(notification.region === region)
        #expect(!notification.regionTriggersOnce)
    }

    @Test("Equality compares every property; userInfo as JSON, time zones by identifier")
    func equality() {
        let first = Self.everything()
        let second = Self.everything()
        #expect(first == second)
        second.userInfo?["count"] = NSNumber(value: 3.0)
        #expect(first == second, "3 and NSNumber(3.0) are the same JSON number")
        second.userInfo?["count"] = 4
        #expect(first != second)
        let third = Self.everything()
        third.hasAction = true
        #expect(first != third)
        let fourth = Self.everything()
        fourth.timeZone = TimeZone(identifier: "Asia/Tokyo")
        #expect(first == fourth)
        fourth.alertLaunchImage = nil
        #expect(first != fourth)
    }

    @Test("A notification is shared safely between tasks")
    func concurrentMutation() async {
        let notification = UILocalNotification()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    notification.applicationIconBadgeNumber = index
                    notification.userInfo = ["index": index]
                    _ = notification.userInfo
                }
            }
        }
        let index = notification.userInfo?["index"] as? Int
        #expect(index.map { (0..<100).contains($0) } == true)
    }

    @Test("scheduledLocalNotifications returns a new object equal in every property, without the reserved key")
    func roundTrip() async throws {
        let fixture = try LegacyFixture()
        let category = UIMutableUserNotificationCategory()
        category.identifier = "list"
        try await fixture.register([category])
        let original = Self.everything()
        try await fixture.application.throwing.scheduleLocalNotification(original)

        let scheduled = try await fixture.application.throwing.scheduledLocalNotifications()
        let copy = try #require(scheduled.first)
        #expect(scheduled.count == 1)
        #expect(copy !== original)
        #expect(copy == original)
        #expect(copy.fireDate == original.fireDate)
        #expect(copy.timeZone?.identifier == "Asia/Tokyo")
        #expect(copy.repeatInterval == .day)
        #expect(copy.repeatCalendar == original.repeatCalendar)
        #expect(copy.alertTitle == "Shopping")
        #expect(copy.alertBody == "Hey, you must go shopping, remember?")
        #expect(copy.alertAction == "View List")
        #expect(!copy.hasAction)
        #expect(copy.alertLaunchImage == "Launch.png")
        #expect(copy.soundName == UILocalNotificationDefaultSoundName)
        #expect(copy.applicationIconBadgeNumber == 3)
        #expect(copy.category == "list")
        let userInfo = try #require(copy.userInfo)
        #expect(Set(userInfo.keys.compactMap { $0.base as? String }) == ["UUID", "count", "ratio", "done", "none", "tags", "nested"])
        #expect(userInfo["UUID"] as? String == "5F1D")
        #expect(userInfo["count"] as? Int == 3)
        #expect(userInfo["ratio"] as? Double == 0.5)
        #expect(userInfo["done"] as? Bool == false)
        #expect(userInfo["none"] is NSNull)
        let tags = try #require(userInfo["tags"] as? [Any])
        #expect(tags.first as? String == "home" && tags.last as? Int == 2)
        let nested = try #require(userInfo["nested"] as? [String: Any])
        #expect((nested["a"] as? [String: Any])?["b"] as? Bool == true)
    }

    @Test("A region notification reads back with an equal region")
    func regionRoundTrip() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Buy milk", at: nil)
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 48.85, longitude: 2.35), radius: 150, identifier: "grocery")
        region.notifyOnExit = false
        notification.region = region
        notification.regionTriggersOnce = false
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        let copy = try #require(try await fixture.application.throwing.scheduledLocalNotifications().first)
        #expect(copy == notification)
        let copiedRegion = try #require(copy.region as? CLCircularRegion)
        #expect(copiedRegion.identifier == "grocery" && copiedRegion.radius == 150)
        #expect(copiedRegion.notifyOnEntry && !copiedRegion.notifyOnExit)
        #expect(!copy.regionTriggersOnce)
        #expect(copy.fireDate == nil)
    }

    @Test("Empty texts read back as nil, a zero badge as 0, an empty userInfo as nil")
    func emptyValues() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("", at: LegacyFixture.start.addingTimeInterval(60))
        notification.alertTitle = "Only a title"
        notification.userInfo = [:]
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        let copy = try #require(try await fixture.application.throwing.scheduledLocalNotifications().first)
        #expect(copy.alertBody == nil)
        #expect(copy.alertTitle == "Only a title")
        #expect(copy.userInfo == nil)
        #expect(copy.applicationIconBadgeNumber == 0)
        #expect(copy.soundName == nil)
    }
}
