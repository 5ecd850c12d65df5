import Foundation
import NotificationEngine
import Signals
import Synchronization
import Testing
import UserNotifications

struct StreamTests {
    @Test func deliveriesAndResponsesAreSignals() async throws {
        let fixture = try await CenterFixture.authorized()
        fixture.center.setNotificationCategories([
            UNNotificationCategory(
                identifier: "c", actions: [UNNotificationAction(identifier: "ok", title: "OK")], intentIdentifiers: [])
        ])
        let delivered = Mutex<[String]>([])
        let answered = Mutex<[String]>([])
        let deliveries = fixture.center.deliveries.subscribeNext { notification in
            delivered.withLock { $0.append(notification.request.identifier) }
        }
        let responses = fixture.center.responses.subscribeNext { response in
            answered.withLock { $0.append("\(response.notification.request.identifier):\(response.actionIdentifier)") }
        }
        defer {
            deliveries.dispose()
            responses.dispose()
        }

        try await fixture.center.add(
            UNNotificationRequest(
                identifier: "a", content: Content.titled("A", category: "c"),
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))
        fixture.scheduler.advance(by: 120)
        #expect(delivered.withLock { $0 } == ["a", "a"])

        try await fixture.respond(to: "a", with: "ok")
        #expect(answered.withLock { $0 } == ["a:ok"])
    }

    @Test func anotherAppsNotificationsAreNotInTheStreams() async throws {
        let fixture = try await CenterFixture.authorized()
        let neighbour = UNUserNotificationCenter(appIdentifier: "com.example.neighbour", service: fixture.engine)
        _ = try await neighbour.requestAuthorization(options: [.alert])
        let delivered = Mutex<[String]>([])
        let subscription = fixture.center.deliveries.subscribeNext { notification in
            delivered.withLock { $0.append(notification.request.identifier) }
        }
        defer { subscription.dispose() }

        try await neighbour.add(UNNotificationRequest(identifier: "theirs", content: Content.titled("T"), trigger: nil))
        try await fixture.center.add(UNNotificationRequest(identifier: "mine", content: Content.titled("M"), trigger: nil))

        #expect(delivered.withLock { $0 } == ["mine"])
        #expect(try await neighbour.throwing.pendingNotificationRequests().isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["mine"])
    }
}
