import Foundation
import NotificationEngine
import Signals
import Testing
import UserNotifications

struct DeliveredTests {
    /// Three one-shot requests firing at +10, +20 and +30 s, all fired.
    private func firedThree() async throws -> CenterFixture {
        let fixture = try await CenterFixture.authorized()
        for (index, identifier) in ["a", "b", "c"].enumerated() {
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: Double(index + 1) * 10, repeats: false)
            try await fixture.center.add(UNNotificationRequest(identifier: identifier, content: Content.titled(identifier), trigger: trigger))
        }
        fixture.scheduler.advance(by: 30)
        return fixture
    }

    @Test func deliveredNotificationsAreListedOldestFirst() async throws {
        let fixture = try await firedThree()
        let delivered = try await fixture.center.throwing.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["a", "b", "c"])
        #expect(delivered.map(\.date) == [10, 20, 30].map { CenterFixture.start.addingTimeInterval($0) })

        let listed = await completion { fixture.center.getDeliveredNotifications(completionHandler: $0) }
        #expect(listed.map(\.request.identifier) == ["a", "b", "c"])
    }

    @Test func removingDeliveredNotifications() async throws {
        let fixture = try await firedThree()
        fixture.center.removeDeliveredNotifications(withIdentifiers: ["b"])
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["a", "c"])

        try await fixture.center.throwing.removeAllDeliveredNotifications()
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
    }

    @Test func aRepeatingRequestKeepsOneDeliveredNotification() async throws {
        let fixture = try await CenterFixture.authorized()
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
        try await fixture.center.add(UNNotificationRequest(identifier: "nag", content: Content.titled("Nag"), trigger: trigger))
        fixture.scheduler.advance(by: 180)

        let delivered = try await fixture.center.throwing.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["nag"])
        #expect(delivered.first?.date == CenterFixture.start.addingTimeInterval(180))
    }
}
