import Foundation
import NotificationEngine
import NotificationEngineTesting
import Testing
import UserNotifications

/// Provisional authorization (iOS 12): granted without asking, delivering quietly.
struct ProvisionalAuthorizationTests {
    @Test func provisionalAuthorizationIsGrantedWithoutAskingAndDeliversQuietly() async throws {
        let fixture = try CenterFixture(policy: .ask, userGrants: false)
        #expect(try await fixture.center.requestAuthorization(options: [.provisional, .alert, .sound, .badge]))
        #expect(fixture.presenter.authorizationRequests.isEmpty, "the user is not asked")

        let settings = await fixture.center.notificationSettings()
        #expect(settings.authorizationStatus == .provisional)
        #expect(settings.notificationCenterSetting == .enabled)
        #expect(settings.alertSetting == .disabled && settings.soundSetting == .disabled)
        #expect(settings.badgeSetting == .disabled && settings.alertStyle == UNAlertStyle.none)

        let content = Content.titled("Morning briefing")
        content.sound = .default
        content.badge = 3
        try await fixture.center.add(UNNotificationRequest(identifier: "briefing", content: content, trigger: nil))
        let shown = try #require(fixture.presenter.presentations.first)
        #expect(shown.style == AlertStyle.none && shown.sound == nil)
        #expect(await fixture.center.deliveredNotifications().map(\.request.identifier) == ["briefing"])
        let badge = try await fixture.engine.badgeCount(for: fixture.app)
        #expect(badge == 0, "no badge while provisional")
    }

    @Test func askingForFullAuthorizationLaterAsksTheUser() async throws {
        let fixture = try CenterFixture(policy: .ask, userGrants: true)
        #expect(try await fixture.center.requestAuthorization(options: [.provisional, .alert]))
        #expect(try await fixture.center.requestAuthorization(options: [.provisional, .alert]))
        #expect(fixture.presenter.authorizationRequests.isEmpty)

        #expect(try await fixture.center.requestAuthorization(options: [.alert, .sound]))
        #expect(fixture.presenter.authorizationRequests.map(\.options) == [[.alert, .sound]])
        let settings = await fixture.center.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
    }

    @Test func turningOffAProvisionalAppDeniesIt() async throws {
        let fixture = try CenterFixture(policy: .ask)
        #expect(try await fixture.center.requestAuthorization(options: [.provisional]))
        try fixture.engine.updatePreferences(for: fixture.app) { $0.authorizationStatus = .denied }
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "x", content: Content.titled("x"), trigger: nil))
        }
        #expect(error?.code == .notificationsNotAllowed)
    }

    @Test func theSettingsOfOptionsAnAppMustAskFor() async throws {
        let fixture = try CenterFixture(policy: .grantAll)
        _ = try await fixture.center.requestAuthorization(options: [.alert, .criticalAlert, .providesAppNotificationSettings])
        let settings = await fixture.center.notificationSettings()
        #expect(settings.criticalAlertSetting == .enabled)
        #expect(settings.providesAppNotificationSettings)
        #expect(settings.timeSensitiveSetting == .enabled)
        #expect(settings.carPlaySetting == .notSupported && settings.lockScreenSetting == .notSupported)
        #expect(settings.showPreviewsSetting == .always)

        let plain = try CenterFixture(appIdentifier: "com.example.plain", policy: .grantAll)
        _ = try await plain.center.requestAuthorization(options: [.alert])
        let plainSettings = await plain.center.notificationSettings()
        #expect(plainSettings.criticalAlertSetting == .notSupported)
        #expect(!plainSettings.providesAppNotificationSettings)
    }
}
