import Foundation
import NotificationEngine
import Testing
import UserNotifications

/// Apple's notification classes are `NSObject`s: app code logs their
/// `description`, compares them with `isEqual(_:)` and `==`, keeps them in sets
/// and copies them. Written so that it would run against Apple's framework too.
struct ObjectBehaviourTests {
    private static func content(_ title: String, userInfo: [AnyHashable: Any] = [:]) -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = "Walk Dog!!"
        content.sound = .default
        content.userInfo = userInfo
        return content
    }

    @Test func contentComparesByValueWhetherMutableOrNot() throws {
        let content = Self.content("Task", userInfo: ["count": 1, "tags": ["a"]])
        let frozen = try #require(content.copy() as? UNNotificationContent)
        #expect(!(frozen is UNMutableNotificationContent))
        #expect(frozen == content && content.isEqual(frozen) && frozen.hash == content.hash)
        #expect(Self.content("Task", userInfo: ["count": NSNumber(value: 1), "tags": ["a"]]) == content)

        let edited = try #require(frozen.mutableCopy() as? UNMutableNotificationContent)
        edited.title = "Other"
        #expect(edited != frozen && frozen.title == "Task")
        #expect(Self.content("Task", userInfo: ["count": 2, "tags": ["a"]]) != content)
        #expect(!content.isEqual("Task"))
    }

    @Test func contentDescribesItselfAsApplesDoes() {
        let description = Self.content("Task").description
        #expect(description.hasPrefix("<UNMutableNotificationContent: 0x"))
        #expect(description.contains("title: Task, subtitle: , body: Walk Dog!!"))
        #expect(description.contains("sound: <UNNotificationSound: 0x"))
        #expect(Self.content("Task").debugDescription.contains("title: Task"))
    }

    @Test func requestsAreEqualWithEqualIdentifiersContentsAndTriggers() {
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
        let one = UNNotificationRequest(identifier: "walk", content: Self.content("Task"), trigger: trigger)
        let same = UNNotificationRequest(
            identifier: "walk", content: Self.content("Task"),
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true))
        let later = UNNotificationRequest(
            identifier: "walk", content: Self.content("Task"),
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 120, repeats: true))
        #expect(one == same && one.hash == same.hash && Set([one, same]).count == 1)
        #expect(one != later)
        #expect(one.copy() as? UNNotificationRequest === one)
        #expect(one.description.hasPrefix("<UNNotificationRequest: 0x"))
        #expect(one.description.contains("identifier: walk, content: <UNNotificationContent: 0x"))
        #expect(one.description.contains("trigger: <UNTimeIntervalNotificationTrigger: 0x"))
        #expect(trigger.description.hasSuffix("; repeats: YES, timeInterval: 60.0>"))
    }

    @Test func triggersCompareByKindAndProperties() {
        let eight = DateComponents(hour: 8, minute: 30)
        #expect(UNCalendarNotificationTrigger(dateMatching: eight, repeats: true)
            == UNCalendarNotificationTrigger(dateMatching: eight, repeats: true))
        #expect(UNCalendarNotificationTrigger(dateMatching: eight, repeats: true)
            != UNCalendarNotificationTrigger(dateMatching: eight, repeats: false))
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)
            != UNCalendarNotificationTrigger(dateMatching: DateComponents(second: 0), repeats: false))
        let store = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405), radius: 100, identifier: "grocery")
        let trigger = UNLocationNotificationTrigger(region: store, repeats: false)
        #expect(trigger == UNLocationNotificationTrigger(region: store, repeats: false))
        #expect(trigger.description.contains("region: CLCircularRegion (identifier:'grocery'"))
    }

    @Test func actionsCategoriesAndSoundsCompareByValue() {
        let cancel = UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground])
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "…")
        #expect(cancel == UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground]))
        #expect(cancel != UNNotificationAction(identifier: "cancel", title: "Cancel", options: []))
        #expect(reply != UNNotificationAction(identifier: "reply", title: "Reply", options: []))
        let category = UNNotificationCategory(identifier: "reminder", actions: [cancel, reply], intentIdentifiers: [])
        let twin = UNNotificationCategory(identifier: "reminder", actions: [cancel, reply], intentIdentifiers: [])
        #expect(Set([category, twin]).count == 1 && category.hash == twin.hash)
        #expect(category.description.contains("identifier: reminder, actions: (<UNNotificationAction: 0x"))
        #expect(reply.description.contains("textInputButtonTitle: Send"))
        #expect(UNNotificationSound.default == UNNotificationSound.default.copy() as? UNNotificationSound)
        #expect(UNNotificationSound(named: UNNotificationSoundName("a.caf")) == UNNotificationSound(named: UNNotificationSoundName("a.caf")))
        #expect(UNNotificationSound(named: UNNotificationSoundName("a.caf")) != .default)
    }

    @Test func regionsDescribeThemselvesAsCoreLocationDoes() throws {
        let store = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 52.52, longitude: -13.405), radius: 100, identifier: "grocery")
        #expect(store.description == "CLCircularRegion (identifier:'grocery', center:<+52.52000000,-13.40500000>, radius:100.00m)")
        #expect(store.debugDescription == store.description)

        let copy = try #require(store.copy() as? CLCircularRegion)
        #expect(copy == store && copy !== store && copy.hash == store.hash)
        copy.notifyOnExit = false
        #expect(store.notifyOnExit && copy != store)
        #expect(store != CLCircularRegion(center: store.center, radius: 200, identifier: "grocery"))
    }

    @Test func notificationsResponsesAndSettingsReadTwiceAreEqual() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(UNNotificationRequest(identifier: "now", content: Self.content("Task"), trigger: nil))
        let first = try #require(await fixture.center.deliveredNotifications().first)
        let second = try #require(await fixture.center.deliveredNotifications().first)
        #expect(first !== second && first == second && first.hash == second.hash)
        #expect(first.description.contains("request: <UNNotificationRequest: 0x"))
        let settings = await fixture.center.notificationSettings()
        let again = await fixture.center.notificationSettings()
        #expect(settings !== again && settings == again)
        #expect(settings.description.contains("authorizationStatus: authorized"))
        #expect(fixture.center.description.hasPrefix("<UNUserNotificationCenter: 0x"))
    }
}
