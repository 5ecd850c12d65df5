import Foundation
import HeraldTestSupport
import NotificationEngine
import Synchronization
import Testing
import UserNotifications

/// iOS's notification service extensions, compiled unchanged in Swift 5 mode
/// (`AppleCode/NotificationService.swift`), changing `mutable-content` pushes
/// before they are shown, on the engine's virtual time.
@Suite("iOS notification service extensions run unchanged", .serialized)
struct ServiceExtensionCompatibilityTests {
    static let app: AppIdentifier = "com.example.chat"

    static func push(_ title: String, userInfo: [String: JSONValue] = [:]) -> RemoteNotification {
        var payload = userInfo
        payload["aps"] = ["alert": ["title": .string(title), "body": "Lunch?"], "mutable-content": 1]
        return RemoteNotification(
            id: UUID(), content: NotificationContent(title: title, body: "Lunch?", userInfo: payload),
            collapseIdentifier: "message-7", isMutableContent: true)
    }

    /// A center whose app is authorized and has its extension set.
    static func center(on harness: Harness, with extensionClass: UNNotificationServiceExtension.Type)
        async throws -> UNUserNotificationCenter
    {
        let center = UNUserNotificationCenter(appIdentifier: app.rawValue, service: harness.engine)
        #expect(try await center.requestAuthorization(options: [.alert, .sound]))
        center.serviceExtensionClass = extensionClass
        _ = await center.pendingNotificationRequests()  // the center's calls run in order
        return center
    }

    @Test("Xcode's template changes the title of a mutable-content push before it is shown")
    func template() async throws {
        let harness = try Harness()
        let center = try await Self.center(on: harness, with: NotificationService.self)
        #expect(center.serviceExtensionClass == NotificationService.self)
        let result = try await harness.engine.deliverRemoteNotification(Self.push("New message"), for: Self.app)
        #expect(result == .delivered(requestIdentifier: "message-7"))
        #expect(harness.presenter.presentations.map(\.delivery.request.content.title) == ["New message [modified]"])
        let delivered = await center.deliveredNotifications()
        #expect(delivered.map(\.request.content.title) == ["New message [modified]"])
        #expect(delivered.first?.request.trigger is UNPushNotificationTrigger)
        #expect(delivered.first?.request.identifier == "message-7")
    }

    @Test("An extension whose download does not finish delivers its best attempt when its time will expire")
    func bestAttempt() async throws {
        let harness = try Harness()
        let center = try await Self.center(on: harness, with: ObservedImageNotificationService.self)
        let push = Self.push("Photo", userInfo: ["image-url": "https://example.com/cat.png"])
        let before = ObservedImageNotificationService.returns.withLock { $0 }
        let delivery = Task { try await harness.engine.deliverRemoteNotification(push, for: Self.app) }
        // Once the extension has the push and waits for its download, 30 s of the engine's clock pass.
        let deadline = ContinuousClock.now + .seconds(60)
        while ObservedImageNotificationService.returns.withLock({ $0 }) == before, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        harness.scheduler.advance(by: 30)
        #expect(try await delivery.value == .delivered(requestIdentifier: "message-7"))
        #expect(harness.presenter.presentations.map(\.delivery.request.content.title) == ["Photo [image]"])
        #expect(center.serviceExtensionClass == ObservedImageNotificationService.self)
    }

    @Test("A push without mutable-content, or for an app without an extension, is shown as it came")
    func unchanged() async throws {
        let harness = try Harness()
        let center = try await Self.center(on: harness, with: NotificationService.self)
        var plain = Self.push("Plain")
        plain.isMutableContent = false
        _ = try await harness.engine.deliverRemoteNotification(plain, for: Self.app)
        center.serviceExtensionClass = nil
        _ = await center.pendingNotificationRequests()
        var other = Self.push("No extension")
        other.collapseIdentifier = "message-8"
        _ = try await harness.engine.deliverRemoteNotification(other, for: Self.app)
        #expect(harness.presenter.presentations.map(\.delivery.request.content.title) == ["Plain", "No extension"])
    }
}

/// The image extension as Apple's code has it, telling the test when its
/// `didReceive` returned: the test moves the engine's clock only then, as 30 s
/// of a real clock would not pass before.
final class ObservedImageNotificationService: ImageNotificationService {
    static let returns = Mutex(0)

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        super.didReceive(request, withContentHandler: contentHandler)
        Self.returns.withLock { $0 += 1 }
    }
}
