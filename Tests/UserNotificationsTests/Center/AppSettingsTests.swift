import Foundation
import NotificationEngine
import Synchronization
import Testing
import UserNotifications

/// `userNotificationCenter(_:openSettingsFor:)`: the user asks for the app's own settings.
struct AppSettingsTests {
    final class SettingsDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
        let opened = Mutex<[String?]>([])

        func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            opened.withLock { $0.append(notification?.request.identifier) }
        }
    }

    @Test func theDelegateOpensItsSettingsFromTheCenterOrFromANotification() async throws {
        let fixture = try CenterFixture(policy: .grantAll)
        let delegate = SettingsDelegate()
        fixture.center.delegate = delegate
        _ = try await fixture.center.requestAuthorization(options: [.alert, .providesAppNotificationSettings])
        try await fixture.center.add(UNNotificationRequest(identifier: "tip", content: Content.titled("Tip"), trigger: nil))
        let delivery = try #require(fixture.user.deliveries.first)
        _ = await fixture.center.pendingNotificationRequests()  // the delegate is connected by now

        try fixture.engine.openSettings(for: fixture.app)
        try fixture.engine.openSettings(for: fixture.app, from: delivery.id)
        #expect(delegate.opened.withLock { $0 } == [nil, "tip"])
    }

    @Test func anAppWithoutSettingsOfItsOwnIsRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let error = #expect(throws: NotificationError.self) { try fixture.engine.openSettings(for: fixture.app) }
        #expect(error?.code == .invalidResponse)
        let other = #expect(throws: NotificationError.self) {
            try fixture.engine.openSettings(for: "com.example.other", from: DeliveryID())
        }
        #expect(other?.code == .deliveryNotFound)
    }
}
