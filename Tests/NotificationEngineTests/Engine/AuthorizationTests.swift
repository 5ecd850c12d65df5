import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Engine: authorization")
struct AuthorizationTests {
    @Test("An app that has not asked cannot add; one that was denied neither")
    func notAllowed() async throws {
        let fixture = try EngineFixture { $0.authorizationPolicy = .denyAll }
        let before = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(EngineFixture.request("a", after: 1), for: fixture.app)
        }
        #expect(before?.code == .notificationsNotAllowed)
        #expect(try await fixture.engine.requestAuthorization(options: [.alert], for: fixture.app) == false)
        let after = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(EngineFixture.request("a", after: 1), for: fixture.app)
        }
        #expect(after?.code == .notificationsNotAllowed)
        #expect(after?.code.rawValue == 1)
        #expect(try await fixture.engine.notificationSettings(for: fixture.app).authorizationStatus == .denied)
    }

    @Test("With the ask policy the user is asked once and every waiting caller gets the answer")
    func askOnce() async throws {
        let fixture = try EngineFixture { $0.authorizationPolicy = .ask }
        let engine = fixture.engine
        let app = fixture.app
        async let first = engine.requestAuthorization(options: [.alert, .sound], for: app)
        async let second = engine.requestAuthorization(options: [.alert, .sound], for: app)
        while engine.authorizationRequests.isEmpty { await Task.yield() }
        try engine.answerAuthorization(for: app, granted: true)
        #expect(try await first == true)
        #expect(try await second == true)
        #expect(fixture.presenter.authorizationRequests.count == 1)
        #expect(try await engine.requestAuthorization(options: [.badge], for: app) == true)
        #expect(fixture.presenter.authorizationRequests.count == 1, "the stored answer is returned without asking")
        let settings = try await engine.notificationSettings(for: app)
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(settings.soundSetting == .enabled)
        #expect(settings.badgeSetting == .disabled, "badges were not asked for")
    }

    @Test("Turning alerts off in settings still lists the delivery but shows no banner")
    func alertStyleNone() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.updatePreferences(for: fixture.app) { $0.alertStyle = .none }
        try await fixture.engine.add(EngineFixture.request("quiet", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.presenter.presentations.map(\.style) == [AlertStyle.none])
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 1)
    }

    @Test("An app whose authorization is revoked gets no deliveries")
    func revoked() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("a", after: 10), for: fixture.app)
        try fixture.engine.updatePreferences(for: fixture.app) { $0.authorizationStatus = .denied }
        fixture.scheduler.advance(by: 10)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).isEmpty)
    }
}
