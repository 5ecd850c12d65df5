import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Synchronization
import Testing

/// `application(_:didFinishLaunchingWithOptions:)` and the launch options.
@Suite("Launching the app", .offThePool)
struct LaunchTests {
    final class LaunchingDelegate: NSObject, UIApplicationDelegate, Sendable {
        let log = Mutex<[String]>([])

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            let notification = launchOptions?[.localNotification] as? UILocalNotification
            log.withLock { $0.append("launched (\(application.applicationState)) with \(notification?.alertBody ?? "nothing")") }
            return true
        }

        func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
            log.withLock { $0.append("received \(notification.alertBody ?? "")") }
        }

        func applicationDidBecomeActive(_ application: UIApplication) {
            log.withLock { $0.append("active") }
        }
    }

    @Test("A tap on a notification while the app was not running launches it with the notification")
    func launchedByATap() async throws {
        // The app is not running: nothing of it is connected to the engine.
        let fixture = try LegacyFixture()
        _ = try await fixture.engine.requestAuthorization(options: [.alert], for: fixture.app)
        try await fixture.engine.add(
            NotificationRequest(identifier: "milk", content: NotificationContent(body: "Buy milk"), trigger: nil),
            for: fixture.app)
        try await fixture.respondToLastShown()  // the user taps it

        let later = UIApplication(appIdentifier: fixture.app, service: fixture.engine)
        let delegate = LaunchingDelegate()
        #expect(later.launch(with: delegate))
        #expect(delegate.log.withLock { $0 } == ["launched (inactive) with Buy milk", "active"])
        #expect(later.applicationState == .active)
    }

    @Test("A plain launch has no options, and taps after it reach didReceive")
    func plainLaunch() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let application = UIApplication(appIdentifier: fixture.app, service: fixture.engine)
        let delegate = LaunchingDelegate()
        #expect(application.launch(with: delegate))
        application.scheduleLocalNotification(
            LegacyFixture.notification("Call Mom", at: LegacyFixture.start.addingTimeInterval(60)))
        fixture.scheduler.advance(by: 60)
        try await fixture.respondToLastShown()
        #expect(delegate.log.withLock { $0 } == ["launched (background) with nothing", "received Call Mom", "active"])
    }

    /// A delegate that answers the two launch calls as told, and logs them.
    final class AnsweringDelegate: NSObject, UIApplicationDelegate, Sendable {
        let answers: (will: Bool, did: Bool)
        let log = Mutex<[String]>([])

        init(will: Bool, did: Bool) {
            answers = (will, did)
        }

        func application(
            _ application: UIApplication,
            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            log.withLock { $0.append("will") }
            return answers.will
        }

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            log.withLock { $0.append("did") }
            return answers.did
        }
    }

    @Test(
        "willFinishLaunchingWithOptions comes first; the launch answers false if either call does",
        arguments: [(true, true, true), (false, true, false), (true, false, false), (false, false, false)])
    func willFinish(will: Bool, did: Bool, launched: Bool) throws {
        let fixture = try LegacyFixture()
        let delegate = AnsweringDelegate(will: will, did: did)
        #expect(fixture.application.launch(with: delegate) == launched)
        #expect(delegate.log.withLock { $0 } == ["will", "did"])
    }
}

/// `UIApplication.openNotificationSettingsURLString` (iOS 16).
@Suite("Opening the app's notification settings", .offThePool)
struct OpenSettingsTests {
    @Test("Opening the settings URL asks the notification center to show the app's settings")
    func opensTheSettings() async throws {
        let fixture = try LegacyFixture()
        let shown = Mutex<[String]>([])
        let subscription = fixture.engine.events.subscribeNext { event in
            if case .settingsShown(let app) = event { shown.withLock { $0.append(app.rawValue) } }
        }
        defer { subscription.dispose() }
        let opened = Mutex<[Bool]>([])
        fixture.application.open(URL(string: UIApplication.openNotificationSettingsURLString)!) { success in
            opened.withLock { $0.append(success) }
        }
        fixture.application.open(URL(string: "https://example.com")!, options: [:]) { success in
            opened.withLock { $0.append(success) }
        }
        #expect(opened.withLock { $0 } == [true, false])
        #expect(shown.withLock { $0 } == [fixture.app.rawValue])
    }
}
