import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Testing

/// iOS 7–9 push code (`AppleCode/LegacyPushApp.swift`), compiled in Swift 5
/// mode, run against an engine on virtual time.
@Suite("iOS 7–9 remote-notification code runs unchanged", .serialized)
struct LegacyRemoteNotificationsCompatibilityTests {
    static let app: AppIdentifier = "com.example.legacy-chat"

    /// Waits, with a generous deadline, until `condition` holds on the main actor.
    private func until(_ what: String, _ condition: @escaping @MainActor @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while !(await MainActor.run(body: condition)) {
            guard ContinuousClock.now < deadline else { throw HarnessError(description: "timed out: \(what)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private static func push(_ message: String, category: String = "") -> RemoteNotification {
        RemoteNotification(
            id: UUID(),
            content: NotificationContent(
                body: message, userInfo: ["aps": ["alert": .string(message)], "message": .string(message)],
                categoryIdentifier: category))
    }

    @available(*, deprecated, message: "reads iOS 7's types")
    @Test("It registers with its types, gets pushes in the foreground and the reply typed into one in the background")
    func registersAndReceives() async throws {
        let harness = try Harness(registrar: InMemoryRemoteNotificationRegistrar())
        let application = UIApplication(appIdentifier: Self.app, service: harness.engine)
        let appDelegate = LegacyPushAppDelegate()
        #expect(application.launch(with: appDelegate))
        try await until("the delegate has its token") { appDelegate.deviceToken != nil }
        #expect(appDelegate.launchMessage == nil)
        // The user was asked once, for the settings' alerts and sounds; iOS 7's
        // call asked again for badges too and got the stored answer.
        #expect(application.enabledRemoteNotificationTypes() == [.alert, .sound])

        try await application.setApplicationState(.active)
        _ = try await harness.engine.deliverRemoteNotification(Self.push("Lunch?"), for: Self.app)
        try await until("the push reaches the delegate") { !appDelegate.messages.isEmpty }
        #expect(await MainActor.run { appDelegate.messages } == ["Lunch?"])
        #expect(harness.shown(of: Self.app.rawValue).isEmpty)

        try await application.setApplicationState(.background)
        _ = try await harness.engine.deliverRemoteNotification(Self.push("Tonight?", category: "MESSAGE"), for: Self.app)
        #expect(harness.shown(of: Self.app.rawValue).count == 1)
        try await harness.respond(as: Self.app.rawValue, with: "REPLY", text: "Sure")
        #expect(appDelegate.replies == ["Sure"])
        #expect(await MainActor.run { appDelegate.messages } == ["Lunch?"])
    }

    @Test("Launched by a tap on a push, it finds the push in the launch options")
    func launchedByAPush() async throws {
        let harness = try Harness(registrar: InMemoryRemoteNotificationRegistrar())
        _ = try await harness.engine.requestAuthorization(options: [.alert], for: Self.app)
        _ = try await harness.engine.deliverRemoteNotification(Self.push("Wake up"), for: Self.app)
        try await harness.respond(as: Self.app.rawValue, with: NotificationAction.defaultIdentifier)

        let application = UIApplication(appIdentifier: Self.app, service: harness.engine)
        let appDelegate = LegacyPushAppDelegate()
        #expect(application.launch(with: appDelegate))
        #expect(appDelegate.launchMessage == "Wake up")
        #expect(application.applicationState == .active)
        try await until("the delegate has its token") { appDelegate.deviceToken != nil }
        #expect(await MainActor.run { appDelegate.messages }.isEmpty, "the launching push is not handed over again")
    }
}
