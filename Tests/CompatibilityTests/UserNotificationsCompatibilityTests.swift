import Foundation
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// Apple-style iOS 10+ code, compiled unchanged in Swift 5 mode, run against
/// the engine on virtual time.
@Suite("Apple's UserNotifications code runs unchanged")
struct UserNotificationsCompatibilityTests {
    @Test("A notification manager class: permission, categories, scheduling, the delegate and responses")
    func reminderManager() async throws {
        let harness = try Harness()
        let center = UNUserNotificationCenter(appIdentifier: "com.example.reminders", service: harness.engine)
        let manager = ReminderManager(center: center)

        let granted = await withCheckedContinuation { continuation in
            manager.requestPermission { continuation.resume(returning: $0) }
        }
        #expect(granted)
        #expect(await manager.isAuthorized())
        manager.registerCategories()
        let scheduled: Error? = await withCheckedContinuation { continuation in
            manager.scheduleReminder(id: "call-mom", title: "Call Mom", after: 30) { continuation.resume(returning: $0) }
        }
        #expect(scheduled == nil)
        manager.scheduleReminder(id: "pay-rent", title: "Pay rent", after: 40)
        try await manager.scheduleDaily(id: "check-in", hour: 9, minute: 30)
        let pending = await withCheckedContinuation { continuation in
            manager.pendingIdentifiers { continuation.resume(returning: $0) }
        }
        #expect(Set(pending) == ["call-mom", "pay-rent", "check-in"])

        center.setApplicationActive(true)
        _ = await center.pendingNotificationRequests()  // in order after the calls above
        harness.scheduler.advance(by: 30)
        await center.waitForDelegateCallbacks()
        #expect(manager.log == ["willPresent call-mom"])

        try await harness.respond(as: "com.example.reminders", with: ReminderManager.replyAction, text: "On my way")
        await center.waitForDelegateCallbacks()
        harness.scheduler.advance(by: 10)
        await center.waitForDelegateCallbacks()
        try await harness.respond(as: "com.example.reminders", with: ReminderManager.snoozeAction)
        await center.waitForDelegateCallbacks()
        #expect(manager.log == [
            "willPresent call-mom", "reply call-mom: On my way", "willPresent pay-rent", "snooze pay-rent",
        ])
        #expect(await manager.pendingCount() == 2, "snoozing scheduled the reminder again")

        manager.cancel(id: "pay-rent")
        #expect(await center.pendingNotificationRequests().map { $0.identifier } == ["check-in"])
    }

    @Test("The protocol seam lets a fake stand in for the center")
    func seam() async throws {
        let fake = FakeNotificationCenter()
        let manager = ReminderManager(center: fake)
        manager.scheduleReminder(id: "a", title: "A", after: 60)
        #expect(fake.added.map { $0.identifier } == ["a"])
        #expect(fake.delegate === manager)
        manager.cancel(id: "a")
        #expect(fake.removed == ["a"])
    }

    @Test("A bad request through Apple's calls: the completion handler or the errors signal gets it, nothing is stored")
    func refusals() async throws {
        let harness = try Harness()
        let center = UNUserNotificationCenter(appIdentifier: "com.example.reminders", service: harness.engine)
        let reported = Recorder<UNError>()
        let subscription = center.errors.subscribeNext { reported.append($0) }
        defer { subscription.dispose() }
        _ = try await center.requestAuthorization(options: [.alert])

        let content = UNMutableNotificationContent()
        content.title = "Too often"
        let everyTenSeconds = UNTimeIntervalNotificationTrigger(timeInterval: 10, repeats: true)
        let error: Error? = await withCheckedContinuation { continuation in
            center.add(UNNotificationRequest(identifier: "x", content: content, trigger: everyTenSeconds)) {
                continuation.resume(returning: $0)
            }
        }
        #expect((error as? UNError)?.code == .invalidTrigger)

        let delete = UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive])
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "twice", actions: [delete, delete], intentIdentifiers: [], options: [])
        ])
        #expect(await center.notificationCategories().isEmpty)
        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(reported.values.map { $0.code } == [.invalidCategory])
    }

    @Test("Seed 004, Nag me: the bell repeats every 60 s until \"Cancel\"")
    func nagMe() async throws {
        let harness = try Harness()
        let center = UNUserNotificationCenter(appIdentifier: "com.example.nagme", service: harness.engine)
        let app = NagMeViewController(center: center)
        app.didFinishLaunching()
        app.toggleBell(for: "Walk Dog", on: true)
        let isOn = await withCheckedContinuation { continuation in
            app.isBellOn(for: "Walk Dog") { continuation.resume(returning: $0) }
        }
        #expect(isOn)

        harness.scheduler.advance(by: 180)
        #expect(harness.shown(of: "com.example.nagme") == ["Walk Dog", "Walk Dog", "Walk Dog"])
        try await harness.respond(as: "com.example.nagme", with: NagMeViewController.Identifiers.cancelAction)
        await center.waitForDelegateCallbacks()
        #expect(await center.pendingNotificationRequests().isEmpty)
        harness.scheduler.advance(by: 600)
        #expect(harness.shown(of: "com.example.nagme").count == 3)
    }
}

/// Values a signal sent, collected across threads.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Value] = []

    func append(_ value: Value) {
        lock.lock(); collected.append(value); lock.unlock()
    }

    var values: [Value] {
        lock.lock(); defer { lock.unlock() }; return collected
    }
}
