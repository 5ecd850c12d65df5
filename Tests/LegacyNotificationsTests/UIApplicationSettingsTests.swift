import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("UIApplication: settings, authorization and badge", .offThePool)
struct UIApplicationSettingsTests {
    static func category(_ identifier: String) -> UIMutableUserNotificationCategory {
        let category = UIMutableUserNotificationCategory()
        category.identifier = identifier
        return category
    }

    @Test("Before registering, the settings have no types and no categories")
    func beforeRegistering() async throws {
        let fixture = try LegacyFixture()
        let settings = try await fixture.application.throwing.currentUserNotificationSettings()
        #expect(settings.types == [])
        #expect(settings.categories == nil)
    }

    @Test("Registering asks for the types, stores the categories and tells the delegate")
    func register() async throws {
        let fixture = try LegacyFixture()
        let delegate = RecordingDelegate()
        fixture.application.delegate = delegate
        try await fixture.application.throwing.registerUserNotificationSettings(
            UIUserNotificationSettings(types: [.alert, .sound], categories: [Self.category("b"), Self.category("a")]))
        let registered = try #require(delegate.registered.first)
        #expect(delegate.registered.count == 1)
        #expect(registered.types == [.alert, .sound])
        #expect(Set(registered.categories?.compactMap(\.identifier) ?? []) == ["a", "b"])
        #expect(try await fixture.engine.categories(for: fixture.app).map(\.identifier) == ["a", "b"])
        #expect(try await fixture.application.throwing.currentUserNotificationSettings().types == [.alert, .sound])
    }

    @Test("Registering again replaces the categories")
    func reregister() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register([Self.category("old")])
        try await fixture.register([Self.category("new")])
        let settings = try await fixture.application.throwing.currentUserNotificationSettings()
        #expect(settings.categories?.compactMap(\.identifier) == ["new"])
    }

    @Test("With the user asked, the question carries the types and the answer is the settings")
    func askTheUser() async throws {
        let fixture = try LegacyFixture(policy: .ask)
        let user = AnsweringPresenter(engine: fixture.engine, granted: true)
        let presenter = fixture.engine.addPresenter(user)
        defer { presenter.dispose() }
        let delegate = RecordingDelegate()
        fixture.application.delegate = delegate
        try await fixture.application.throwing.registerUserNotificationSettings(
            UIUserNotificationSettings(types: [.badge, .alert], categories: nil))
        #expect(user.asked == [[.badge, .alert]])
        #expect(delegate.registered.first?.types == [.badge, .alert])
        try await fixture.register()
        #expect(user.asked.count == 1, "the stored answer is not asked again")
    }

    @Test("A user who refuses gets no types, and scheduling is refused")
    func refused() async throws {
        let fixture = try LegacyFixture(policy: .denyAll)
        let delegate = RecordingDelegate()
        fixture.application.delegate = delegate
        try await fixture.register([Self.category("list")])
        #expect(delegate.registered.first?.types == [])
        #expect(delegate.registered.first?.categories?.count == 1)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.scheduleLocalNotification(LegacyFixture.notification("No", at: nil))
        }
        #expect(error?.code == .notificationsNotAllowed)
    }

    @Test("Settings the user changes show in the types")
    func userChangesSettings() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        try fixture.engine.updatePreferences(for: fixture.app) { $0.soundsEnabled = false }
        #expect(try await fixture.application.throwing.currentUserNotificationSettings().types == [.alert, .badge])
        try fixture.engine.updatePreferences(for: fixture.app) { $0.alertStyle = .none }
        #expect(try await fixture.application.throwing.currentUserNotificationSettings().types == [.badge])
    }

    @Test("Categories the engine cannot hold are refused and nothing is registered")
    func invalidCategories() async throws {
        let fixture = try LegacyFixture()
        let nameless = UIMutableUserNotificationCategory()
        let actionWithoutIdentifier = Self.category("x")
        actionWithoutIdentifier.setActions([UIMutableUserNotificationAction()], for: .default)
        let cases: [(Set<UIUserNotificationCategory>, NotificationError.Code)] = [
            ([Self.category("twin"), Self.category("twin")], .invalidCategory),
            ([nameless], .invalidIdentifier),
            ([actionWithoutIdentifier], .invalidIdentifier),
        ]
        for (categories, code) in cases {
            let error = await #expect(throws: NotificationError.self) {
                try await fixture.register(categories)
            }
            #expect(error?.code == code)
        }
        #expect(try await fixture.engine.categories(for: fixture.app).isEmpty)
        #expect(try await fixture.application.throwing.currentUserNotificationSettings().types == [])
    }

    @Test("The icon badge number is read and set through the engine; a negative one is refused")
    func badge() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        #expect(try await fixture.application.throwing.applicationIconBadgeNumber() == 0)
        try await fixture.application.throwing.setApplicationIconBadgeNumber(7)
        #expect(try await fixture.application.throwing.applicationIconBadgeNumber() == 7)
        #expect(fixture.presenter.badges[fixture.app] == 7)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.setApplicationIconBadgeNumber(-1)
        }
        #expect(error?.code == .badgeInputInvalid)
        try await fixture.application.throwing.setApplicationIconBadgeNumber(0)
        #expect(fixture.presenter.badges[fixture.app] == 0)
    }

    @Test("An app identifier the engine refuses fails every call with a typed error")
    func invalidAppIdentifier() async throws {
        let fixture = try LegacyFixture()
        let nameless = UIApplication(appIdentifier: "", service: fixture.engine)
        let delegate = RecordingDelegate()
        nameless.delegate = delegate
        for _ in 0..<2 {
            let error = await #expect(throws: NotificationError.self) {
                _ = try await nameless.throwing.currentUserNotificationSettings()
            }
            #expect(error?.code == .invalidAppIdentifier)
        }
    }
}
