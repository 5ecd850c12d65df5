import Foundation
import NotificationEngine
import NotificationEngineTesting
import Testing
import UserNotifications

struct AuthorizationTests {
    @Test func beforeAskingTheAppIsUndetermined() async throws {
        let fixture = try CenterFixture(policy: .ask)
        let settings = try await fixture.center.throwing.notificationSettings()
        #expect(settings.authorizationStatus == .notDetermined)
        #expect(settings.alertSetting == .notSupported)
        #expect(settings.soundSetting == .notSupported)
        #expect(settings.badgeSetting == .notSupported)
    }

    @Test func theUserIsAskedOnceAndTheAnswerIsKept() async throws {
        let fixture = try CenterFixture(policy: .ask, userGrants: true)
        #expect(try await fixture.center.requestAuthorization(options: [.alert, .sound]))
        #expect(try await fixture.center.requestAuthorization(options: [.alert, .sound, .badge]))
        #expect(fixture.presenter.authorizationRequests.map(\.options) == [[.alert, .sound]])

        let settings = try await fixture.center.throwing.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(settings.soundSetting == .enabled)
        #expect(settings.badgeSetting == .disabled)
        #expect(settings.notificationCenterSetting == .enabled)
        #expect(settings.alertStyle == .banner)
    }

    @Test func completionFormsReportARefusal() async throws {
        let fixture = try CenterFixture(policy: .ask, userGrants: false)
        let (granted, error) = await withCheckedContinuation { continuation in
            fixture.center.requestAuthorization(options: [.alert]) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(granted == false)
        #expect(error == nil)

        let settings = await completion { fixture.center.getNotificationSettings(completionHandler: $0) }
        #expect(settings.authorizationStatus == .denied)
        #expect(settings.alertSetting == .disabled)
    }

    @Test func addingWithoutAuthorizationIsNotAllowed() async throws {
        let fixture = try CenterFixture(policy: .denyAll)
        #expect(try await fixture.center.requestAuthorization(options: [.alert]) == false)
        let request = UNNotificationRequest(identifier: "a", content: Content.titled("A"), trigger: nil)

        await #expect(throws: UNError.self) { try await fixture.center.add(request) }
        var matchedApplesName = false
        do {
            try await fixture.center.add(request)
        } catch UNError.notificationsNotAllowed {
            matchedApplesName = true
        }
        #expect(matchedApplesName)
        let error = await completion { fixture.center.add(request, withCompletionHandler: $0) }
        #expect((error as? UNError)?.code == .notificationsNotAllowed)
        #expect((error as? UNError)?.code.rawValue == 1)
        #expect(try await fixture.center.throwing.pendingNotificationRequests().isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
    }

    @Test func theUserChangingSettingsShowsInTheSettings() async throws {
        let fixture = try await CenterFixture.authorized()
        try fixture.engine.updatePreferences(for: fixture.app) { $0.alertStyle = .alert; $0.soundsEnabled = false }
        let settings = try await fixture.center.throwing.notificationSettings()
        #expect(settings.alertStyle == .alert)
        #expect(settings.soundSetting == .disabled)
        #expect(settings.badgeSetting == .enabled)
    }
}
