import Foundation
import NotificationEngine
import Testing
import UserNotifications

/// What a push delivers, seen through Apple's API: its request's trigger is a
/// `UNPushNotificationTrigger`, and the delegate hears of it as of a local one.
struct RemoteNotificationTests {
    private static func push(_ title: String) -> RemoteNotification {
        RemoteNotification(
            id: UUID(), content: NotificationContent(title: title, categoryIdentifier: "message"),
            collapseIdentifier: "chat-42")
    }

    private static let message = UNNotificationCategory(
        identifier: "message", actions: [UNNotificationAction(identifier: "like", title: "Like", options: [])],
        intentIdentifiers: [])

    private static func app(delegate: (any UNUserNotificationCenterDelegate)? = nil) async throws -> CenterFixture {
        let fixture = try await CenterFixture.authorized()
        fixture.center.delegate = delegate
        try await fixture.center.throwing.setNotificationCategories([message])
        return fixture
    }

    @Test("A delivered push's request has a UNPushNotificationTrigger, which never repeats and an app cannot add")
    func deliveredTrigger() async throws {
        let fixture = try await Self.app()
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Lunch?"), for: fixture.app)
        let delivered = try await fixture.center.throwing.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["chat-42"])
        let trigger = try #require(delivered.first?.request.trigger as? UNPushNotificationTrigger)
        #expect(!trigger.repeats)
        #expect(trigger.description.hasPrefix("<UNPushNotificationTrigger: 0x"))
        let forged = UNNotificationRequest(identifier: "forged", content: Content.titled("Forged"), trigger: trigger)
        let error = await #expect(throws: UNError.self) { try await fixture.center.add(forged) }
        #expect(error?.code == .invalidTrigger)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
    }

    @Test("In the foreground willPresent gets the push, and the action pressed reaches didReceive")
    func delegate() async throws {
        let delegate = RecordingDelegate(presentation: [.banner, .list])
        let fixture = try await Self.app(delegate: delegate)
        fixture.center.setApplicationActive(true)
        // The center makes its calls in order: once this read is answered, the app is active.
        _ = await fixture.center.notificationSettings()
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Lunch?"), for: fixture.app)
        await fixture.center.waitForDelegateCallbacks()
        #expect(delegate.presented.map { $0.request.trigger is UNPushNotificationTrigger } == [true])
        try await fixture.respond(to: "chat-42", with: "like")
        await fixture.center.waitForDelegateCallbacks()
        #expect(delegate.received.map(\.actionIdentifier) == ["like"])
        #expect(delegate.received.first?.notification.request.trigger is UNPushNotificationTrigger)
    }
}
