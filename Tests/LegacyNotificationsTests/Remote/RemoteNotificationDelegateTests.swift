import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Testing

/// iOS 3–9's remote-notification delegate methods, reached as on iOS when the
/// app has no `UNUserNotificationCenter` delegate: pushes are delivered with
/// `deliverRemoteNotification` to an engine on virtual time.
@Suite("UIApplication: iOS 3–9's remote-notification methods", .offThePool)
struct RemoteNotificationDelegateTests {
    /// An alert push as the push service hands it over: `aps` in the payload.
    static func alertPush(_ body: String, category: String = "", contentAvailable: Bool = false) -> RemoteNotification {
        var aps: [String: JSONValue] = ["alert": .string(body)]
        if !category.isEmpty { aps["category"] = .string(category) }
        if contentAvailable { aps["content-available"] = 1 }
        let content = NotificationContent(
            body: body, userInfo: ["aps": .object(aps), "id": .string(body)], categoryIdentifier: category)
        return RemoteNotification(id: UUID(), content: content, isContentAvailable: contentAvailable)
    }

    /// A background push: nothing to show, content available.
    static func backgroundPush(_ id: String) -> RemoteNotification {
        RemoteNotification(
            id: UUID(), content: NotificationContent(userInfo: ["aps": ["content-available": 1], "id": .string(id)]),
            isContentAvailable: true)
    }

    /// A fixture whose app is connected with `delegate`, registered for alerts with the message category.
    static func connected(_ delegate: any UIApplicationDelegate) async throws -> LegacyFixture {
        let fixture = try LegacyFixture()
        fixture.application.delegate = delegate
        try await fixture.register([try UIApplicationDeliveryTests.category()])
        return fixture
    }

    @Test("A background push reaches iOS 3's form only while the app is in the foreground")
    func backgroundPush() async throws {
        let delegate = RemoteRecordingDelegate()
        let fixture = try await Self.connected(delegate)
        let asleep = try await fixture.engine.deliverRemoteNotification(Self.backgroundPush("asleep"), for: fixture.app)
        #expect(asleep == .background(reachedApp: true))
        await MainActor.run {}  // the push's fetch ran on the main actor before this
        try await fixture.application.setApplicationState(.active)
        _ = try await fixture.engine.deliverRemoteNotification(Self.backgroundPush("awake"), for: fixture.app)
        try await untilOnMain("the foreground push arrives") { !delegate.calls.isEmpty }
        let call = try #require(delegate.calls.first)
        #expect(delegate.calls.count == 1, "the push that came in the background reached nothing")
        #expect(call.method == "didReceiveRemoteNotification")
        #expect(call.userInfo["id"] as? String == "awake")
        #expect((call.userInfo["aps"] as? [String: Any])?["content-available"] as? Int == 1)
        #expect(call.state == .active)
    }

    @Test("An alert push in the foreground reaches iOS 3's form once, not didReceive(_:), and is not shown")
    func foregroundAlert() async throws {
        let delegate = RemoteRecordingDelegate()
        let fixture = try await Self.connected(delegate)
        try await fixture.application.setApplicationState(.active)
        let both = Self.alertPush("Both", contentAvailable: true)
        #expect(try await fixture.engine.deliverRemoteNotification(both, for: fixture.app) == .delivered(requestIdentifier: both.requestIdentifier))
        _ = try await fixture.engine.deliverRemoteNotification(Self.alertPush("Plain"), for: fixture.app)
        try await untilOnMain("both pushes arrive") { delegate.calls.count >= 2 }
        #expect(delegate.calls.map { $0.userInfo["id"] as? String } == ["Both", "Plain"])
        #expect(delegate.calls.allSatisfy { $0.method == "didReceiveRemoteNotification" && $0.state == .active })
        #expect(delegate.localReceived == 0)
        #expect(fixture.presenter.presentations.isEmpty)
    }

    @Test("A delegate with the fetchCompletionHandler form gets the push there, not in iOS 3's form")
    func fetchFormWins() async throws {
        let delegate = FetchingDelegate()
        let fixture = try await Self.connected(delegate)
        try await fixture.application.setApplicationState(.active)
        _ = try await fixture.engine.deliverRemoteNotification(Self.alertPush("Hi"), for: fixture.app)
        try await untilOnMain("the push arrives") { !delegate.calls.isEmpty }
        #expect(delegate.calls.map(\.method) == ["fetchCompletionHandler"])
    }

    @Test("A tap on a push while the app runs in the background opens it and hands the payload to iOS 3's form")
    func tap() async throws {
        let delegate = RemoteRecordingDelegate()
        let fixture = try await Self.connected(delegate)
        _ = try await fixture.engine.deliverRemoteNotification(Self.alertPush("Lunch?"), for: fixture.app)
        #expect(fixture.presenter.presentations.count == 1)
        try await fixture.respondToLastShown()
        try await untilOnMain("the app opens") { delegate.becameActive == 1 }
        let call = try #require(delegate.calls.first)
        #expect(delegate.calls.count == 1)
        #expect(call.method == "didReceiveRemoteNotification")
        #expect(call.userInfo["id"] as? String == "Lunch?")
        #expect(call.state == .inactive, "the app is opening while the delegate handles the tap")
        #expect(fixture.application.applicationState == .active)
        #expect(delegate.localReceived == 0)
    }

    @Test("A tap on a push while the app was not running launches it with the payload in the launch options")
    func launchedByATap() async throws {
        // The app is not running: nothing of it is connected to the engine.
        let fixture = try LegacyFixture()
        _ = try await fixture.engine.requestAuthorization(options: [.alert], for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(Self.alertPush("Launch me"), for: fixture.app)
        try await fixture.respondToLastShown()

        let later = UIApplication(appIdentifier: fixture.app, service: fixture.engine)
        let delegate = RemoteRecordingDelegate()
        #expect(later.launch(with: delegate))
        let key = UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        let payload = try #require(delegate.launchOptions?[key] as? [AnyHashable: Any])
        #expect(payload["id"] as? String == "Launch me")
        #expect((payload["aps"] as? [String: Any])?["alert"] as? String == "Launch me")
        #expect(delegate.launchOptions?.count == 1)
        let willPayload = try #require(delegate.willLaunchOptions?[key] as? [AnyHashable: Any])
        #expect(willPayload["id"] as? String == "Launch me", "willFinishLaunchingWithOptions gets the same options")
        #expect(later.applicationState == .active)
        await MainActor.run {}
        #expect(delegate.calls.isEmpty, "the push that launched the app is not handed over again")
    }

    @available(*, deprecated, message: "reads UIKit's deprecated key")
    @Test("The key of the launch options is UIKit's")
    func launchKey() {
        #expect(UIApplication.LaunchOptionsKey.remoteNotification.rawValue == "UIApplicationLaunchOptionsRemoteNotificationKey")
    }
}

/// A delegate with both the iOS 7 fetch form and iOS 3's form, as apps that
/// supported both had.
final class FetchingDelegate: NSObject, UIApplicationDelegate, Sendable {
    private let recorder = RemoteRecordingDelegate()
    var calls: [RemoteRecordingDelegate.Call] { recorder.calls }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
        recorder.append(.init(method: "didReceiveRemoteNotification", userInfo: userInfo, state: application.applicationState))
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        recorder.append(.init(method: "fetchCompletionHandler", userInfo: userInfo, state: application.applicationState))
        completionHandler(.newData)
    }
}
