import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Testing

/// iOS 3–7's `registerForRemoteNotifications(matching:)` and
/// `enabledRemoteNotificationTypes()`. The tests are deprecated, as the calls
/// they make are.
@Suite("UIApplication: iOS 3–7's remote-notification types", .offThePool)
struct RemoteNotificationTypesTests {
    /// An engine with a push service, and the app's delegate.
    static func fixture(
        policy: NotificationEngine.AuthorizationPolicy = .grantAll
    ) throws -> (LegacyFixture, RemoteRecordingDelegate) {
        let registrar = InMemoryRemoteNotificationRegistrar()
        let fixture = try LegacyFixture(policy: policy) { $0.remoteNotificationRegistrar = registrar }
        let delegate = RemoteRecordingDelegate()
        fixture.application.delegate = delegate
        return (fixture, delegate)
    }

    @available(*, deprecated, message: "tests iOS 7's API")
    @Test(
        "Registering asks the user for the types, then the delegate gets the token; the types read back",
        arguments: [
            ([.alert, .badge, .sound], [.alert, .badge, .sound]),
            ([.badge, .newsstandContentAvailability], [.badge, .newsstandContentAvailability]),
            ([.newsstandContentAvailability], [.newsstandContentAvailability]),
            ([], []),
        ] as [(UIRemoteNotificationType, UIRemoteNotificationType)])
    func register(asked: UIRemoteNotificationType, enabled: UIRemoteNotificationType) async throws {
        let (fixture, delegate) = try Self.fixture()
        #expect(fixture.application.enabledRemoteNotificationTypes() == [], "not registered yet")
        fixture.application.registerForRemoteNotifications(matching: asked)
        try await untilOnMain("the delegate gets the token") { delegate.token != nil }
        #expect(delegate.token?.count == 32)
        #expect(fixture.application.isRegisteredForRemoteNotifications)
        #expect(fixture.application.enabledRemoteNotificationTypes() == enabled)
        let settings = try await fixture.engine.notificationSettings(for: fixture.app)
        #expect(settings.authorizationStatus == (asked.intersection([.alert, .badge, .sound]).isEmpty ? .notDetermined : .authorized))
        fixture.application.unregisterForRemoteNotifications()
        #expect(fixture.application.enabledRemoteNotificationTypes() == [], "unregistered")
    }

    @available(*, deprecated, message: "tests iOS 7's API")
    @Test("A user who refuses leaves the app registered for pushes with no types enabled, and no didRegister(_:)")
    func refused() async throws {
        let (fixture, delegate) = try Self.fixture(policy: .denyAll)
        fixture.application.registerForRemoteNotifications(matching: [.alert, .sound])
        try await untilOnMain("the delegate gets the token") { delegate.token != nil }
        #expect(fixture.application.isRegisteredForRemoteNotifications)
        #expect(fixture.application.enabledRemoteNotificationTypes() == [])
        #expect(try await fixture.engine.notificationSettings(for: fixture.app).authorizationStatus == .denied)
        #expect(delegate.registeredSettings == 0, "iOS 7 had no application(_:didRegister:)")
    }

    @available(*, deprecated, message: "tests iOS 7's API")
    @Test("The types have UIKit's bits", arguments: [
        (UIRemoteNotificationType.badge, 1), (.sound, 2), (.alert, 4), (.newsstandContentAvailability, 8),
    ] as [(UIRemoteNotificationType, UInt)])
    func bits(type: UIRemoteNotificationType, raw: UInt) {
        #expect(type.rawValue == raw)
    }
}
