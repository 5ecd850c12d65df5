import Foundation
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Testing
import UserNotifications

/// An iOS 10+ app that is both the notification center's delegate and the
/// application's (`AppleCode/ChatApp.swift`), compiled unchanged in Swift 5
/// mode: the center's delegate presents and answers notifications, the
/// application's gets the device token and the background pushes, whichever
/// of the two connects first.
@Suite("An iOS app using UNUserNotificationCenter and UIApplication at once", .serialized)
struct TwoFacesCompatibilityTests {
    static let app: AppIdentifier = "com.example.messenger"

    /// Waits, with a generous deadline, until `condition` holds on the main actor.
    private func waitOnMain(_ what: String, _ condition: @escaping @Sendable @MainActor () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while await !MainActor.run(body: condition) {
            guard ContinuousClock.now < deadline else { throw HarnessError(description: "never: \(what)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test(
        "willPresent and taps reach the center's delegate, background pushes the application's",
        arguments: [false, true])
    func bothFaces(centerDelegateBeforeLaunch: Bool) async throws {
        let harness = try Harness(registrar: InMemoryRemoteNotificationRegistrar())
        let center = UNUserNotificationCenter(appIdentifier: Self.app.rawValue, service: harness.engine)
        let application = UIApplication(appIdentifier: Self.app, service: harness.engine)
        let appDelegate = ChatAppDelegate(notificationCenter: center)
        if centerDelegateBeforeLaunch {
            center.delegate = appDelegate
            _ = await center.pendingNotificationRequests()  // the center's calls run in order
        }
        #expect(application.launch(with: appDelegate))
        _ = application.scheduledLocalNotifications  // waits for the application's connection
        center.setApplicationActive(true)
        _ = await center.pendingNotificationRequests()
        try await waitOnMain("the device token") { appDelegate.deviceToken != nil }

        let alert = RemoteNotification(
            id: UUID(), content: NotificationContent(title: "Lunch?", body: "at noon"), collapseIdentifier: "m-1")
        #expect(try await harness.engine.deliverRemoteNotification(alert, for: Self.app) == .delivered(requestIdentifier: "m-1"))
        await center.waitForDelegateCallbacks()
        #expect(appDelegate.presentedTitles == ["Lunch?"])
        #expect(harness.presenter.presentations.map(\.style) == [.banner])

        let background = RemoteNotification(
            id: UUID(), content: NotificationContent(userInfo: ["aps": ["content-available": 1], "message-id": 7]),
            isContentAvailable: true)
        #expect(try await harness.engine.deliverRemoteNotification(background, for: Self.app) == .background(reachedApp: true))
        try await waitOnMain("the background fetch") { appDelegate.fetchedMessageIDs == [7] }

        try await harness.respond(as: Self.app.rawValue, with: UNNotificationDefaultActionIdentifier)
        await center.waitForDelegateCallbacks()
        #expect(appDelegate.openedMessages == ["Lunch?"])
    }
}
