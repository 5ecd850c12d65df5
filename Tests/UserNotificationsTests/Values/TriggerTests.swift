import Foundation
import Testing
import UserNotifications

struct TriggerTests {
    @Test func aNewIntervalTriggerFiresIntervalSecondsFromNow() throws {
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: false)
        let before = Date()
        let next = try #require(trigger.nextTriggerDate())
        let after = Date()
        #expect(next >= before.addingTimeInterval(90) && next <= after.addingTimeInterval(90))
        #expect(trigger.timeInterval == 90 && !trigger.repeats)
    }

    @Test func aNewCalendarTriggerFiresAtTheNextMatch() throws {
        var components = DateComponents(minute: 15)
        components.timeZone = TimeZone(identifier: "Asia/Kolkata")
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        let before = Date()
        let next = try #require(trigger.nextTriggerDate())

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Kolkata")!
        #expect(calendar.component(.minute, from: next) == 15)
        #expect(calendar.component(.second, from: next) == 0)
        #expect(next > before && next <= before.addingTimeInterval(3_600))
        #expect(trigger.dateComponents == components && trigger.repeats)
    }

    @Test func componentsNoDateMatchesHaveNoNextDateAndAreRefused() async throws {
        let trigger = UNCalendarNotificationTrigger(dateMatching: DateComponents(month: 2, day: 30), repeats: true)
        #expect(trigger.nextTriggerDate() == nil)

        let fixture = try await CenterFixture.authorized()
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "never", content: Content.titled("N"), trigger: trigger))
        }
        #expect(error?.code == .notificationInvalidNoDate)
        #expect(error?.code.rawValue == 1400)
        #expect(try await fixture.center.throwing.pendingNotificationRequests().isEmpty)
    }

    @Test func aDateInThePastHasNoNextDate() {
        let trigger = UNCalendarNotificationTrigger(
            dateMatching: DateComponents(year: 2001, month: 2, day: 3, hour: 4), repeats: false)
        #expect(trigger.nextTriggerDate() == nil)
    }

    @Test func aNewCalendarTriggerAgreesWithTheEngine() async throws {
        let fixture = try await CenterFixture.authorized()
        var components = DateComponents(year: 2030, month: 6, day: 1, hour: 9, minute: 45)
        components.timeZone = TimeZone(identifier: "America/New_York")
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        try await fixture.center.add(UNNotificationRequest(identifier: "c", content: Content.titled("C"), trigger: trigger))

        let pending = try #require(try await fixture.center.throwing.pendingNotificationRequests().first?.trigger)
        let scheduled = try #require((pending as? UNCalendarNotificationTrigger)?.nextTriggerDate())
        #expect(trigger.nextTriggerDate() == scheduled)
        #expect(scheduled == Date(timeIntervalSince1970: 1_906_551_900))  // 2030-06-01 13:45 UTC
    }

    @Test func aLocationTriggerKeepsACopyOfItsRegion() throws {
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522), radius: 250, identifier: "paris")
        let trigger = UNLocationNotificationTrigger(region: region, repeats: true)
        region.notifyOnEntry = false

        let kept = try #require(trigger.region as? CLCircularRegion)
        #expect(kept !== region)
        #expect(kept.notifyOnEntry && kept.notifyOnExit)
        #expect(kept.identifier == "paris" && kept.radius == 250)
        #expect(trigger.repeats)
    }

    @Test func invalidIntervalsAreRefusedWhenAdded() async throws {
        let fixture = try await CenterFixture.authorized()
        for (interval, repeats) in [(30.0, true), (0.0, false), (-5.0, false), (59.9, true)] {
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
            let error = await #expect(throws: UNError.self) {
                try await fixture.center.add(UNNotificationRequest(identifier: "x", content: Content.titled("X"), trigger: trigger))
            }
            #expect(error?.code == .invalidTrigger, "interval \(interval), repeats \(repeats)")
        }
        #expect(try await fixture.center.throwing.pendingNotificationRequests().isEmpty)
        try await fixture.center.add(
            UNNotificationRequest(
                identifier: "ok", content: Content.titled("OK"),
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))
    }
}
