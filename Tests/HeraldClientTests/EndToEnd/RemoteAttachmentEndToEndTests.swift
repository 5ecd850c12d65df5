import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Synchronization
import Testing
import UserNotifications

/// Attachments through `UNUserNotificationCenter` over `RemoteNotificationService`
/// against a real daemon: the file is read and sent at `add`, and read back with
/// its type, size and digest, its `url` a readable local file of its bytes (as
/// in process and on iOS), in the lists and in the delegate's callbacks.
struct RemoteAttachmentEndToEndTests {
    @Test func attachmentsTravelToTheDaemonAndBack() async throws {
        let daemon = try await TestDaemon()
        do {
            try await roundTrip(daemon)
        } catch {
            await daemon.stop()  // a failed run must not leave the daemon behind
            throw error
        }
        await daemon.stop()
    }

    private func roundTrip(_ daemon: TestDaemon) async throws {
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        let credentials = try await admin.registerApp(API.AppRegistration(identifier: "com.example.photos", name: "Photos"))
        let client = try HeraldClient(url: url, token: credentials.token, environment: [:])
        let center = UNUserNotificationCenter(appIdentifier: "com.example.photos", service: RemoteNotificationService(client: client))
        let delegate = AttachmentRecordingDelegate()
        center.delegate = delegate
        #expect(try await center.requestAuthorization(options: [.alert]))  // after the delegate's stream opened

        let directory = try TemporaryDirectory()
        let file = try AttachmentSamples.write(AttachmentSamples.png, named: "cat.png", in: directory.url)
        let content = UNMutableNotificationContent()
        content.title = "Look"
        content.attachments = [try UNNotificationAttachment(identifier: "cat", url: file)]
        try await center.add(UNNotificationRequest(
            identifier: "later", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
        try await center.add(UNNotificationRequest(identifier: "now", content: content, trigger: nil))
        try FileManager.default.removeItem(at: file)  // the daemon has its own copy

        let pending = try #require(try await center.throwing.pendingNotificationRequests().first)
        let stored = try #require(pending.content.attachments.first)
        #expect(stored.identifier == "cat" && stored.type == "public.png")
        #expect(stored.url.isFileURL)
        #expect(try Data(contentsOf: stored.url) == AttachmentSamples.png)
        #expect(try await client.attachmentData("cat", ofPendingRequest: "later", for: "com.example.photos") == AttachmentSamples.png)

        let delivered = try #require(try await center.throwing.deliveredNotifications().first)
        #expect(delivered.request.content.attachments.map(\.type) == ["public.png"])
        let shown = try #require(delivered.request.content.attachments.first)
        #expect(shown.url.isFileURL)
        #expect(try Data(contentsOf: shown.url) == AttachmentSamples.png)
        let deliveries = try await client.deliveredNotifications(for: "com.example.photos")
        let id = try #require(deliveries.first?.id)
        #expect(deliveries.first?.request.content.attachments.first?.size == AttachmentSamples.png.count)
        #expect(try await client.attachmentData("cat", ofDelivery: id) == AttachmentSamples.png)

        try await admin.respond(to: id, actionIdentifier: UNNotificationDefaultActionIdentifier)
        let answered = try await delegate.firstAttachment(within: .seconds(60))
        #expect(answered.isFileURL)
        #expect(try Data(contentsOf: answered) == AttachmentSamples.png)

        let corrupt = try AttachmentSamples.write(AttachmentSamples.gif, named: "fake.png", in: directory.url)
        let refused = #expect(throws: UNError.self) { try UNNotificationAttachment(identifier: "f", url: corrupt) }
        #expect(refused?.code == .attachmentCorrupt)
    }
}

/// Records the URL of the first attachment of each response it receives.
final class AttachmentRecordingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let urls = Mutex<[URL]>([])

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        guard let url = response.notification.request.content.attachments.first?.url else { return }
        urls.withLock { $0.append(url) }
    }

    /// The first response's attachment URL, waited for at most `limit`.
    func firstAttachment(within limit: Duration) async throws -> URL {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while ContinuousClock.now < deadline {
            if let url = urls.withLock({ $0.first }) { return url }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try #require(urls.withLock { $0.first }, "no response reached the delegate")
    }
}
