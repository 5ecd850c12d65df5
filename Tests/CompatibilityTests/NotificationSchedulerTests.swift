import Foundation
import NotificationEngine
import Testing
import UserNotifications

/// `AppleCode/NotificationScheduler.swift` run against the engine on virtual time.
@Suite("An app's own seam with non-Sendable completion handlers runs unchanged")
struct NotificationSchedulerTests {
    let harness: Harness
    let scheduler: NotificationScheduler

    init() throws {
        harness = try Harness()
        scheduler = NotificationScheduler(
            center: UNUserNotificationCenter(appIdentifier: "com.example.scheduler", service: harness.engine))
    }

    private func request(_ identifier: String, title: String = "Walk the dog", after seconds: Double = 60)
        -> UNNotificationRequest
    {
        let content = UNMutableNotificationContent()
        content.title = title
        return UNNotificationRequest(
            identifier: identifier, content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false))
    }

    private func reschedule(_ request: UNNotificationRequest) async -> Bool {
        await withCheckedContinuation { continuation in
            scheduler.reschedule(request) { continuation.resume(returning: $0) }
        }
    }

    @Test("Handlers declared without @Sendable are forwarded and called")
    func forwardsHandlers() async throws {
        #expect(await scheduler.requestPermission())
        let error: Error? = await withCheckedContinuation { continuation in
            scheduler.schedule(request("walk")) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
        let pending: [UNNotificationRequest] = await withCheckedContinuation { continuation in
            scheduler.pendingRequests { continuation.resume(returning: $0) }
        }
        #expect(pending.map(\.identifier) == ["walk"])
        #expect(scheduler.log.first?.hasPrefix("scheduling <UNNotificationRequest: 0x") == true)

        harness.scheduler.advance(by: 60)
        let count: Int = await withCheckedContinuation { continuation in
            scheduler.deliveredCount { continuation.resume(returning: $0) }
        }
        #expect(count == 1)
    }

    @Test("A reschedule is skipped while an equal request is pending")
    func skipsUnchanged() async throws {
        #expect(await scheduler.requestPermission())
        #expect(await reschedule(request("walk")))
        #expect(await !reschedule(request("walk")))
        #expect(await reschedule(request("walk", title: "Feed the cat")))
        #expect(await reschedule(request("walk", title: "Feed the cat", after: 120)))
    }

    @Test("Regions log as Core Location writes them; content edits go through a mutable copy")
    func regionsAndEdits() throws {
        let grocery = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405), radius: 100, identifier: "grocery")
        let request = scheduler.remind(at: grocery, title: "Buy milk")
        #expect(scheduler.log == ["watching CLCircularRegion (identifier:'grocery', center:<+52.52000000,+13.40500000>, radius:100.00m)"])
        let decorated = NotificationScheduler.decorated(request.content)
        #expect(decorated.title == "[Reminder] Buy milk" && request.content.title == "Buy milk")
        #expect(decorated.userInfo["region"] as? String == "grocery")
    }
}
