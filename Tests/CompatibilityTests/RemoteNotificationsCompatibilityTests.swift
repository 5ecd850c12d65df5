import Foundation
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Testing

/// iOS code that registers for remote notifications, compiled unchanged in
/// Swift 5 mode: the delegate hears of the device token, or of the failure, on
/// the main actor.
@Suite("iOS remote-notification registration runs unchanged", .serialized)
struct RemoteNotificationsCompatibilityTests {
    /// Waits, with a generous deadline, until the delegate has heard something.
    private func outcome(of delegate: PushAppDelegate) async throws -> (String?, Error?) {
        // Looked at once more after the deadline: on a loaded machine this task may
        // itself first wake after it, when the delegate has long heard.
        let deadline = ContinuousClock.now + .seconds(300)
        while true {
            let heard = await MainActor.run { (delegate.deviceToken, delegate.registrationError) }
            if heard.0 != nil || heard.1 != nil { return heard }
            guard ContinuousClock.now < deadline else {
                throw HarnessError(description: "the delegate heard nothing of the registration")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("The delegate gets the device token at launch: 32 bytes, 64 hex digits, the same until unregistered")
    func registers() async throws {
        let registrar = InMemoryRemoteNotificationRegistrar()
        let harness = try Harness(registrar: registrar)
        let application = UIApplication(appIdentifier: "com.example.chat", service: harness.engine)
        let appDelegate = PushAppDelegate()
        #expect(!application.isRegisteredForRemoteNotifications)
        #expect(application.launch(with: appDelegate))
        let (token, error) = try await outcome(of: appDelegate)
        #expect(error == nil)
        let hex = try #require(token)
        #expect(hex.count == 64 && hex.allSatisfy { "0123456789abcdef".contains($0) })
        let bytes = try await harness.engine.registerForRemoteNotifications(for: "com.example.chat")
        #expect(bytes.map { String(format: "%02x", $0) }.joined() == hex)
        #expect(registrar.app(for: bytes) == "com.example.chat")
        #expect(application.isRegisteredForRemoteNotifications)
        application.unregisterForRemoteNotifications()
        #expect(!application.isRegisteredForRemoteNotifications)
        #expect(registrar.app(for: bytes) == nil)
    }

    @Test("Without a push service the delegate gets didFailToRegister with remoteNotificationsUnavailable")
    func fails() async throws {
        let harness = try Harness()
        let application = UIApplication(appIdentifier: "com.example.chat", service: harness.engine)
        let appDelegate = PushAppDelegate()
        #expect(application.launch(with: appDelegate))
        let (token, error) = try await outcome(of: appDelegate)
        #expect(token == nil)
        #expect((error as? NotificationError)?.code == .remoteNotificationsUnavailable)
        #expect(!application.isRegisteredForRemoteNotifications)
        let thrown = await #expect(throws: NotificationError.self) {
            try await application.throwing.registerForRemoteNotifications()
        }
        #expect(thrown?.code == .remoteNotificationsUnavailable)
    }

    @Test("A silent push reaches didReceiveRemoteNotification with its payload on the main actor; nothing is shown")
    func backgroundPush() async throws {
        let harness = try Harness()
        let application = UIApplication(appIdentifier: "com.example.chat", service: harness.engine)
        let appDelegate = SyncingAppDelegate()
        #expect(application.launch(with: appDelegate))
        _ = application.scheduledLocalNotifications  // waits for the app's connection
        let push = RemoteNotification(
            id: UUID(),
            content: NotificationContent(userInfo: ["aps": ["content-available": 1], "message-id": 42]),
            isContentAvailable: true)
        let result = try await harness.engine.deliverRemoteNotification(push, for: "com.example.chat")
        #expect(result == .background(reachedApp: true))
        let deadline = ContinuousClock.now + .seconds(300)
        while await MainActor.run(body: { appDelegate.fetchedMessageIDs.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await MainActor.run { appDelegate.fetchedMessageIDs } == [42])
        #expect(harness.shown(of: "com.example.chat").isEmpty)
    }
}
