import Foundation
import NotificationEngine
import Signals
import Synchronization
import Testing
import UserNotifications

struct RequestTests {
    private func minuteRequest(_ identifier: String, repeats: Bool = false) -> UNNotificationRequest {
        UNNotificationRequest(
            identifier: identifier, content: Content.titled(identifier),
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: repeats))
    }

    @Test func anAddedRequestIsPendingWithItsContentAndNextFireDate() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = UNMutableNotificationContent()
        content.title = "Task Reminder"
        content.subtitle = "Daily"
        content.body = "Walk Dog!!"
        content.badge = 2
        content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
        content.userInfo = ["task": "Walk Dog", "count": 3]
        content.threadIdentifier = "dogs"
        try await fixture.center.add(
            UNNotificationRequest(
                identifier: "Walk Dog", content: content,
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: false)))

        let pending = try await fixture.center.throwing.pendingNotificationRequests()
        let request = try #require(pending.first)
        #expect(pending.count == 1)
        #expect(request.identifier == "Walk Dog")
        #expect(request.content.title == "Task Reminder")
        #expect(request.content.subtitle == "Daily")
        #expect(request.content.body == "Walk Dog!!")
        #expect(request.content.badge == 2)
        #expect(request.content.sound == UNNotificationSound(named: UNNotificationSoundName("chime.caf")))
        #expect(request.content.userInfo["task"] as? String == "Walk Dog")
        #expect(request.content.userInfo["count"] as? Int == 3)
        #expect(request.content.threadIdentifier == "dogs")
        let trigger = try #require(request.trigger as? UNTimeIntervalNotificationTrigger)
        #expect(trigger.timeInterval == 90)
        #expect(trigger.repeats == false)
        #expect(trigger.nextTriggerDate() == CenterFixture.start.addingTimeInterval(90))
    }

    @Test func theCompletionFormsAddAndList() async throws {
        let fixture = try await CenterFixture.authorized()
        let error = await completion { fixture.center.add(minuteRequest("a"), withCompletionHandler: $0) }
        #expect(error == nil)
        let pending = await completion { fixture.center.getPendingNotificationRequests(completionHandler: $0) }
        #expect(pending.map(\.identifier) == ["a"])
    }

    @Test func anAddWithoutAHandlerReportsItsFailureOnErrors() async throws {
        let fixture = try await CenterFixture.authorized()
        let reported = Mutex<[UNError]>([])
        let subscription = fixture.center.errors.subscribeNext { error in reported.withLock { $0.append(error) } }
        defer { subscription.dispose() }
        let tooOften = UNNotificationRequest(
            identifier: "spin", content: Content.titled("Spin"),
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false))
        fixture.center.add(tooOften, withCompletionHandler: nil)
        fixture.center.add(UNNotificationRequest(identifier: "", content: Content.titled("No name"), trigger: nil), withCompletionHandler: nil)
        // Calls run in order: after this read, both adds have been tried.
        let pending = await fixture.center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["spin"])
        #expect(reported.withLock { $0 }.map(\.code) == [.invalidIdentifier])
    }

    @Test func aRequestFiresAtItsSecond() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(minuteRequest("a"))

        fixture.scheduler.advance(by: 59)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
        fixture.scheduler.advance(by: 1)
        let delivered = try await fixture.center.throwing.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["a"])
        #expect(delivered.first?.date == CenterFixture.start.addingTimeInterval(60))
        #expect(delivered.first?.request.content.title == "a")
        #expect(try await fixture.center.throwing.pendingNotificationRequests().isEmpty)
    }

    @Test func aRequestWithoutATriggerIsDeliveredAtOnce() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(UNNotificationRequest(identifier: "now", content: Content.titled("Now"), trigger: nil))

        let delivered = try await fixture.center.throwing.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["now"])
        #expect(delivered.first?.request.trigger == nil)
        #expect(delivered.first?.date == CenterFixture.start)
        #expect(fixture.shownIdentifiers == ["now"])
    }

    @Test func addingAPendingIdentifierReplacesIt() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(minuteRequest("a"))
        try await fixture.center.add(
            UNNotificationRequest(
                identifier: "a", content: Content.titled("again"),
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 120, repeats: false)))

        let pending = try await fixture.center.throwing.pendingNotificationRequests()
        #expect(pending.map(\.content.title) == ["again"])
        fixture.scheduler.advance(by: 120)
        #expect(fixture.shownIdentifiers == ["a"])
    }

    @Test func aRequestKeepsTheContentItWasCreatedWith() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("before")
        let request = UNNotificationRequest(identifier: "a", content: content, trigger: nil)
        content.title = "after"

        #expect(request.content.title == "before")
        #expect(!(request.content is UNMutableNotificationContent))
        try await fixture.center.add(request)
        #expect(try await fixture.center.throwing.deliveredNotifications().first?.request.content.title == "before")
    }

    @Test func fireAndForgetRemovalsTakeEffectBeforeLaterCalls() async throws {
        let fixture = try await CenterFixture.authorized()
        for identifier in ["a", "b", "c"] { fixture.center.add(minuteRequest(identifier), withCompletionHandler: nil) }
        fixture.center.removePendingNotificationRequests(withIdentifiers: ["b", "unknown"])
        #expect(try await fixture.center.throwing.pendingNotificationRequests().map(\.identifier).sorted() == ["a", "c"])

        fixture.center.removeAllPendingNotificationRequests()
        #expect(try await fixture.center.throwing.pendingNotificationRequests().isEmpty)
        fixture.scheduler.advance(by: 600)
        #expect(fixture.shownIdentifiers.isEmpty)
    }

    @Test func removalsCanBeAwaited() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(minuteRequest("a"))
        try await fixture.center.throwing.removePendingNotificationRequests(withIdentifiers: ["a"])
        #expect(try await fixture.center.throwing.pendingNotificationRequests().isEmpty)
        try await fixture.center.throwing.removeAllPendingNotificationRequests()
    }

    @Test func removingAOneShotThatAlreadyFiredDoesNothing() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(minuteRequest("a"))
        fixture.scheduler.advance(by: 60)
        try await fixture.center.throwing.removePendingNotificationRequests(withIdentifiers: ["a"])
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["a"])
    }

    @Test func aRepeatingRequestStaysPendingWithItsNextDate() async throws {
        let fixture = try await CenterFixture.authorized()
        try await fixture.center.add(minuteRequest("a", repeats: true))
        fixture.scheduler.advance(by: 150)

        let trigger = try #require(try await fixture.center.throwing.pendingNotificationRequests().first?.trigger)
        #expect((trigger as? UNTimeIntervalNotificationTrigger)?.nextTriggerDate()
            == CenterFixture.start.addingTimeInterval(180))
        #expect(fixture.shownIdentifiers == ["a", "a"])
    }

    @Test func aCalendarRequestFiresAtTheMatchingDate() async throws {
        let fixture = try await CenterFixture.authorized()
        var components = DateComponents(hour: 8, minute: 30)
        components.timeZone = TimeZone(identifier: "UTC")
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        try await fixture.center.add(UNNotificationRequest(identifier: "daily", content: Content.titled("D"), trigger: trigger))

        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let expected = try #require(utc.date(bySettingHour: 8, minute: 30, second: 0, of: CenterFixture.start))
        let pending = try #require(try await fixture.center.throwing.pendingNotificationRequests().first)
        let pendingTrigger = try #require(pending.trigger as? UNCalendarNotificationTrigger)
        #expect(pendingTrigger.dateComponents.hour == 8 && pendingTrigger.dateComponents.minute == 30)
        #expect(pendingTrigger.repeats)
        #expect(pendingTrigger.nextTriggerDate() == expected)

        fixture.scheduler.advance(to: expected)
        #expect(fixture.shownIdentifiers == ["daily"])
        fixture.scheduler.advance(by: 86_400)
        #expect(fixture.shownIdentifiers == ["daily", "daily"])
    }

    @Test func aLocationRequestFiresOnEnteringItsRegion() async throws {
        let fixture = try await CenterFixture.authorized()
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405), radius: 100, identifier: "grocery")
        region.notifyOnExit = false
        let trigger = UNLocationNotificationTrigger(region: region, repeats: false)
        try await fixture.center.add(UNNotificationRequest(identifier: "milk", content: Content.titled("Milk"), trigger: trigger))

        let pending = try #require(try await fixture.center.throwing.pendingNotificationRequests().first)
        let watched = try #require((pending.trigger as? UNLocationNotificationTrigger)?.region as? CLCircularRegion)
        #expect(watched.identifier == "grocery" && watched.radius == 100)
        #expect(watched.center == CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405))
        #expect(watched.notifyOnEntry && !watched.notifyOnExit)

        // As on iOS, location triggers fire only for an app the person allowed location.
        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: fixture.app)
        fixture.engine.updateLocation(Coordinate(latitude: 52.53, longitude: 13.405))  // ~1.1 km north
        fixture.engine.updateLocation(Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["milk"])
    }
}
