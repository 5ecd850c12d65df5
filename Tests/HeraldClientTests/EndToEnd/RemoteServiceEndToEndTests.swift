import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization
import Testing
import UserNotifications

/// `UNUserNotificationCenter` over `RemoteNotificationService` against a real daemon.
struct RemoteServiceEndToEndTests {
    @Test func userNotificationCenterSchedulesAndSeesDeliveries() async throws {
        let daemon = try await TestDaemon()
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        let credentials = try await admin.registerApp(API.AppRegistration(identifier: "com.example.remote", name: "Remote"))
        let service = RemoteNotificationService(client: try HeraldClient(url: url, token: credentials.token, environment: [:]))
        let center = UNUserNotificationCenter(appIdentifier: "com.example.remote", service: service)

        #expect(try await center.requestAuthorization(options: [.alert, .sound]))
        let settings = try await center.throwing.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        let content = UNMutableNotificationContent()
        content.title = "Task Reminder"
        content.body = "Walk Dog!!"
        content.userInfo = ["task": "walk"]
        try await center.add(UNNotificationRequest(
            identifier: "walk", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))
        #expect(try await center.throwing.pendingNotificationRequests().map(\.identifier) == ["walk"])

        // The signal opens its own event stream when subscribed, and sees what the
        // daemon delivers once the stream is open: advance until a delivery shows up.
        let seen = RecordingBox()
        let subscription = service.deliveries(for: "com.example.remote").subscribeNext { delivery in
            seen.record("\(delivery.request.identifier) task=\(delivery.request.content.userInfo["task"] == "walk")")
        }
        for _ in 0..<100 where seen.lines.isEmpty {
            _ = try await admin.advanceClock(by: 60)
            try await Task.sleep(for: .milliseconds(20))
        }
        subscription.dispose()
        #expect(seen.lines.first == "walk task=true")
        #expect(try await center.throwing.deliveredNotifications().map(\.request.identifier) == ["walk"])

        let refused = await #expect(throws: UNError.self) {
            try await center.add(UNNotificationRequest(
                identifier: "fast", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 10, repeats: true)))
        }
        #expect(refused?.code == .invalidTrigger)
        await daemon.stop()
    }

    @Test func theNewerContentAndCategoryPropertiesTravelThroughTheDaemon() async throws {
        let daemon = try await TestDaemon()
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        let credentials = try await admin.registerApp(API.AppRegistration(identifier: "com.example.modern", name: "Modern"))
        let service = RemoteNotificationService(client: try HeraldClient(url: url, token: credentials.token, environment: [:]))
        let center = UNUserNotificationCenter(appIdentifier: "com.example.modern", service: service)
        #expect(try await center.requestAuthorization(options: [.alert]))

        let delete = UNNotificationAction(
            identifier: "delete", title: "Delete", options: [.destructive],
            icon: UNNotificationActionIcon(systemImageName: "trash"))
        let category = UNNotificationCategory(
            identifier: "message", actions: [delete], intentIdentifiers: ["INSendMessageIntent"],
            hiddenPreviewsBodyPlaceholder: "%u new messages", categorySummaryFormat: "%u more from %@", options: [])
        try await center.throwing.setNotificationCategories([category])
        #expect(await center.notificationCategories() == [category])

        let content = UNMutableNotificationContent()
        content.title = "Anna"
        content.categoryIdentifier = "message"
        content.interruptionLevel = .passive
        content.relevanceScore = 0.5
        content.targetContentIdentifier = "conversation-42"
        content.summaryArgument = "Anna"
        content.summaryArgumentCount = 2
        try await center.add(UNNotificationRequest(
            identifier: "anna", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
        let pending = try #require(await center.pendingNotificationRequests().first?.content)
        #expect(pending.interruptionLevel == .passive && pending.relevanceScore == 0.5)
        #expect(pending.targetContentIdentifier == "conversation-42")
        #expect(pending.summaryArgument == "Anna" && pending.summaryArgumentCount == 2)
        await daemon.stop()
    }

    @Test func theUserOpensTheAppsOwnSettingsThroughTheDaemon() async throws {
        let daemon = try await TestDaemon()
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        let credentials = try await admin.registerApp(API.AppRegistration(identifier: "com.example.tuned", name: "Tuned"))
        let service = RemoteNotificationService(client: try HeraldClient(url: url, token: credentials.token, environment: [:]))
        let center = UNUserNotificationCenter(appIdentifier: "com.example.tuned", service: service)
        let delegate = SettingsOpeningDelegate()
        center.delegate = delegate
        #expect(try await center.requestAuthorization(options: [.alert, .providesAppNotificationSettings]))
        #expect(await center.notificationSettings().providesAppNotificationSettings)

        for _ in 0..<100 where delegate.count == 0 {
            try await admin.openSettings(for: "com.example.tuned")
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(delegate.count > 0)
        await daemon.stop()
    }
}

final class SettingsOpeningDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let opened = Mutex(0)
    var count: Int { opened.withLock { $0 } }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        opened.withLock { $0 += 1 }
    }
}
