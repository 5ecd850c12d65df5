import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

@Suite("UIApplication: deliveries and actions reach the delegate as on iOS 8", .offThePool)
struct UIApplicationDeliveryTests {
    /// A category with a background action, a foreground one and a text field.
    static func category() throws -> UIMutableUserNotificationCategory {
        let category = UIMutableUserNotificationCategory()
        category.identifier = "message"
        let later = UIMutableUserNotificationAction()
        later.identifier = "later"
        later.title = "Later"
        let open = UIMutableUserNotificationAction()
        open.identifier = "open"
        open.title = "Open"
        open.activationMode = .foreground
        let reply = UIMutableUserNotificationAction()
        reply.identifier = "reply"
        reply.title = "Reply"
        reply.behavior = .textInput
        category.setActions([later, open, reply], for: .default)
        return category
    }

    /// A fixture with the category registered, the delegate set and one
    /// notification of the category scheduled in a minute.
    static func prepared() async throws -> (LegacyFixture, RecordingDelegate, UILocalNotification) {
        let fixture = try LegacyFixture()
        let delegate = RecordingDelegate()
        fixture.application.delegate = delegate
        try await fixture.register([try category()])
        let notification = LegacyFixture.notification("Hello", at: LegacyFixture.start.addingTimeInterval(60))
        notification.category = "message"
        notification.userInfo = ["from": "Ann"]
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        return (fixture, delegate, notification)
    }

    @Test("Arriving while the app is active: not shown, handed to the delegate", arguments: [
        UIApplication.State.active, .inactive,
    ])
    func foregroundArrival(state: UIApplication.State) async throws {
        let (fixture, delegate, notification) = try await Self.prepared()
        try await fixture.application.setApplicationState(state)
        fixture.scheduler.advance(by: 60)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
        let received = try #require(delegate.received.first)
        #expect(delegate.received.count == 1)
        #expect(received.notification == notification)
        #expect(received.state == state)
    }

    @Test("In the background it is shown; a tap opens the app and hands it to the delegate")
    func tap() async throws {
        let (fixture, delegate, notification) = try await Self.prepared()
        fixture.scheduler.advance(by: 60)
        #expect(fixture.presenter.presentations.count == 1)
        #expect(delegate.received.isEmpty)
        try await fixture.respondToLastShown()
        let received = try #require(delegate.received.first)
        #expect(received.notification == notification)
        #expect(received.state == .inactive, "the app is opening while the delegate handles the tap")
        #expect(fixture.application.applicationState == .active)
        #expect(delegate.becameActive == 1)
        try await fixture.application.throwing.presentLocalNotificationNow(LegacyFixture.notification("Next", at: nil))
        #expect(fixture.presenter.presentations.count == 1, "the engine knows the app is in the foreground")
        #expect(delegate.received.map(\.notification.alertBody) == ["Hello", "Next"])
    }

    @Test("A background action runs the delegate's handler with the app staying in the background")
    func backgroundAction() async throws {
        let (fixture, delegate, notification) = try await Self.prepared()
        fixture.scheduler.advance(by: 60)
        try await fixture.respondToLastShown(with: "later", authenticated: false)
        let action = try #require(delegate.actions.first)
        #expect(action.identifier == "later")
        #expect(action.notification == notification)
        #expect(action.responseInfo.isEmpty)
        #expect(action.state == .background)
        #expect(fixture.application.applicationState == .background)
        #expect(delegate.becameActive == 0)
        #expect(delegate.received.isEmpty)
    }

    @Test("A foreground action opens the app; it needs an authenticated user")
    func foregroundAction() async throws {
        let (fixture, delegate, _) = try await Self.prepared()
        fixture.scheduler.advance(by: 60)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.respondToLastShown(with: "open", authenticated: false)
        }
        #expect(error?.code == .authenticationRequired)
        #expect(delegate.actions.isEmpty)
        try await fixture.respondToLastShown(with: "open", authenticated: true)
        #expect(delegate.actions.map(\.identifier) == ["open"])
        #expect(delegate.actions.first?.state == .inactive)
        #expect(fixture.application.applicationState == .active)
        #expect(delegate.becameActive == 1)
    }

    @Test("A text-input action hands the typed text in the response info")
    func textInput() async throws {
        let (fixture, delegate, _) = try await Self.prepared()
        fixture.scheduler.advance(by: 60)
        try await fixture.respondToLastShown(with: "reply", text: "On my way", authenticated: false)
        let action = try #require(delegate.actions.first)
        #expect(action.identifier == "reply")
        #expect(action.responseInfo[UIUserNotificationActionResponseTypedTextKey] as? String == "On my way")
        #expect(fixture.application.applicationState == .background)
    }

    @Test("A delegate with only the iOS 8 handler gets every action through the default implementation")
    func iOS8Handler() async throws {
        let fixture = try LegacyFixture()
        let delegate = IOS8Delegate()
        fixture.application.delegate = delegate
        try await fixture.register([try Self.category()])
        let notification = LegacyFixture.notification("Old", at: nil)
        notification.category = "message"
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        try await fixture.respondToLastShown(with: "reply", text: "typed", authenticated: false)
        #expect(delegate.identifiers == ["reply"])
    }

    @Test("Responses given while the app was not running reach the delegate when it connects")
    func responsesWhileNotRunning() async throws {
        let fixture = try LegacyFixture()
        _ = try await fixture.engine.requestAuthorization(options: [.alert], for: fixture.app)
        try await fixture.engine.setCategories(
            [NotificationCategory(identifier: "message", actions: [NotificationAction(identifier: "later", title: "Later")])],
            for: fixture.app)
        let request = NotificationRequest(
            identifier: "away", content: NotificationContent(body: "While away", categoryIdentifier: "message"))
        try await fixture.engine.add(request, for: fixture.app)
        try await fixture.respondToLastShown(with: "later", authenticated: false)

        let delegate = RecordingDelegate()
        fixture.application.delegate = delegate
        _ = try await fixture.application.throwing.currentUserNotificationSettings()
        #expect(delegate.actions.map(\.identifier) == ["later"])
        #expect(delegate.actions.first?.notification.alertBody == "While away")
        #expect(delegate.actions.first?.state == .background)
    }

    @Test("Application state changes tell the engine and the delegate, once per transition")
    func stateTransitions() async throws {
        let fixture = try LegacyFixture()
        let delegate = RecordingDelegate()
        fixture.application.delegate = delegate
        try await fixture.register()
        #expect(fixture.application.applicationState == .background)
        try await fixture.application.setApplicationState(.active)
        try await fixture.application.setApplicationState(.active)
        #expect(delegate.becameActive == 1)
        try await fixture.application.setApplicationState(.inactive)
        try await fixture.application.setApplicationState(.background)
        try await fixture.application.setApplicationState(.background)
        #expect(delegate.enteredBackground == 1)
        try await fixture.application.throwing.presentLocalNotificationNow(LegacyFixture.notification("Shown", at: nil))
        #expect(fixture.presenter.presentations.count == 1)
        #expect(delegate.received.isEmpty)
    }

    @Test("The delegate is held weakly")
    func weakDelegate() async throws {
        let fixture = try LegacyFixture()
        var delegate: RecordingDelegate? = RecordingDelegate()
        fixture.application.delegate = delegate
        #expect(fixture.application.delegate === delegate)
        delegate = nil
        #expect(fixture.application.delegate == nil)
        try await fixture.register()
        try await fixture.application.setApplicationState(.active)
        try await fixture.application.throwing.presentLocalNotificationNow(LegacyFixture.notification("Nobody", at: nil))
        #expect(fixture.presenter.presentations.isEmpty, "an active app without a delegate shows nothing")
    }

    @Test("configure creates the shared application")
    func shared() async {
        // In a process of its own: the process has one shared application, and
        // another suite configures it for Apple-style code.
        await #expect(processExitsWith: .success) {
            let engine = try NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: LegacyFixture.start))
            UIApplication.configure(appIdentifier: "com.example.shared", service: engine)
            guard UIApplication.shared.appIdentifier == "com.example.shared", UIApplication.shared === UIApplication.shared
            else { exit(1) }
        }
    }

    @Test("Using shared before configure stops the program")
    func sharedBeforeConfigure() async {
        await #expect(processExitsWith: .failure) {
            _ = UIApplication.shared
        }
    }

    @Test("Configuring twice stops the program")
    func configureTwice() async {
        await #expect(processExitsWith: .failure) {
            let engine = try NotificationEngine(
                store: .inMemory, scheduler: TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 0)))
            UIApplication.configure(appIdentifier: "com.example.one", service: engine)
            UIApplication.configure(appIdentifier: "com.example.two", service: engine)
        }
    }
}

/// A delegate written for iOS 8: only the handler without response info.
final class IOS8Delegate: NSObject, UIApplicationDelegate, Sendable {
    private let handled = Mutex<[String?]>([])

    var identifiers: [String?] { handled.withLock { $0 } }

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, completionHandler: @escaping @Sendable () -> Void
    ) {
        handled.withLock { $0.append(identifier) }
        completionHandler()
    }
}
