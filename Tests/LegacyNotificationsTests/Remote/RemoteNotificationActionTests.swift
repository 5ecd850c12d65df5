import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Synchronization
import Testing

/// Actions on a push reach iOS 8 and 9's
/// `application(_:handleActionWithIdentifier:forRemoteNotification:…)` as actions
/// on a local notification reach the `…for:…` forms.
@Suite("UIApplication: actions on remote notifications", .offThePool)
struct RemoteNotificationActionTests {
    /// The delivery's push of the message category, shown while the app is in the background.
    static func shownPush(to delegate: any UIApplicationDelegate) async throws -> LegacyFixture {
        let fixture = try await RemoteNotificationDelegateTests.connected(delegate)
        let push = RemoteNotificationDelegateTests.alertPush("Lunch?", category: "message")
        _ = try await fixture.engine.deliverRemoteNotification(push, for: fixture.app)
        #expect(fixture.presenter.presentations.count == 1)
        return fixture
    }

    @Test("A background action runs the iOS 9 handler with the payload, the app staying in the background")
    func backgroundAction() async throws {
        let delegate = RemoteRecordingDelegate()
        let fixture = try await Self.shownPush(to: delegate)
        try await fixture.respondToLastShown(with: "later", authenticated: false)
        let call = try #require(delegate.calls.first)
        #expect(delegate.calls.count == 1)
        #expect(call.method == "handleAction")
        #expect(call.identifier == "later")
        #expect(call.userInfo["id"] as? String == "Lunch?")
        #expect((call.userInfo["aps"] as? [String: Any])?["category"] as? String == "message")
        #expect(call.responseInfo.isEmpty)
        #expect(call.state == .background)
        #expect(fixture.application.applicationState == .background)
        #expect(delegate.localReceived == 0)
    }

    @Test("A foreground action opens the app")
    func foregroundAction() async throws {
        let delegate = RemoteRecordingDelegate()
        let fixture = try await Self.shownPush(to: delegate)
        try await fixture.respondToLastShown(with: "open", authenticated: true)
        #expect(delegate.calls.map(\.identifier) == ["open"])
        #expect(delegate.calls.first?.state == .inactive)
        #expect(fixture.application.applicationState == .active)
        #expect(delegate.becameActive == 1)
    }

    @Test("A text-input action hands the typed text under UIUserNotificationActionResponseTypedTextKey")
    func textInput() async throws {
        let delegate = RemoteRecordingDelegate()
        let fixture = try await Self.shownPush(to: delegate)
        try await fixture.respondToLastShown(with: "reply", text: "On my way", authenticated: false)
        let call = try #require(delegate.calls.first)
        #expect(call.identifier == "reply")
        #expect(call.responseInfo[UIUserNotificationActionResponseTypedTextKey] as? String == "On my way")
    }

    @Test("A delegate with only the iOS 8 handler gets the action through the default implementation")
    func iOS8Handler() async throws {
        let delegate = RemoteIOS8Delegate()
        let fixture = try await Self.shownPush(to: delegate)
        try await fixture.respondToLastShown(with: "reply", text: "typed", authenticated: false)
        #expect(delegate.actions.withLock { $0 } == ["reply Lunch?"])
    }

    @Test("A delegate with only the async handler gets the action and the typed text")
    func asyncHandler() async throws {
        let delegate = RemoteAsyncDelegate()
        let fixture = try await Self.shownPush(to: delegate)
        try await fixture.respondToLastShown(with: "reply", text: "typed", authenticated: false)
        let deadline = ContinuousClock.now + .seconds(300)
        while delegate.actions.withLock({ $0.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(delegate.actions.withLock { $0 } == ["reply typed"])
    }
}

/// An iOS 8 delegate: the remote action handler without response info.
final class RemoteIOS8Delegate: NSObject, UIApplicationDelegate, Sendable {
    let actions = Mutex<[String]>([])

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], completionHandler: @escaping @Sendable () -> Void
    ) {
        let id = userInfo["id"] as? String ?? ""
        actions.withLock { $0.append("\(identifier ?? "") \(id)") }
        completionHandler()
    }
}

/// A delegate with only the `async` form with response info.
final class RemoteAsyncDelegate: NSObject, UIApplicationDelegate, Sendable {
    let actions = Mutex<[String]>([])

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any]
    ) async {
        let text = responseInfo[UIUserNotificationActionResponseTypedTextKey] as? String ?? ""
        actions.withLock { $0.append("\(identifier ?? "") \(text)") }
    }
}
