import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing
import UserNotifications

/// docs/user-notifications.md: the seed's "Nag me" alarm.
final class NagMe: NSObject, UNUserNotificationCenterDelegate {
    let center = UNUserNotificationCenter.current()

    func launch() async throws -> Bool {
        center.delegate = self
        let cancel = UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground])
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "reminder", actions: [cancel], intentIdentifiers: [], options: [])
        ])
        return try await center.requestAuthorization(options: [.sound, .alert])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler([.banner, .list, .sound])      // shown even while the app is open
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void) {
        if response.actionIdentifier == "cancel" {
            center.removePendingNotificationRequests(withIdentifiers: [response.notification.request.identifier])
        }
        completionHandler()
    }
}

@Suite("docs/user-notifications.md")
struct UserNotificationsExamples {
    @Test("Nag Me launches: authorized, its category registered")
    func nagMe() async {
        // A process of its own: Nag Me uses the process's shared center.
        await #expect(processExitsWith: .success) {
            let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 0))
            let presenter = RecordingPresenter()
            let engine = try NotificationEngine(
                store: .inMemory, scheduler: scheduler, configuration: .init(authorizationPolicy: .grantAll),
                presenters: [presenter])
            let center = try UNUserNotificationCenter.configure(appIdentifier: "com.example.nagme", service: engine)
            let nagMe = NagMe()
            guard try await nagMe.launch() else { exit(1) }
            guard await center.notificationCategories().map(\.identifier) == ["reminder"] else { exit(2) }
            withExtendedLifetime(nagMe) {}
        }
    }
}
