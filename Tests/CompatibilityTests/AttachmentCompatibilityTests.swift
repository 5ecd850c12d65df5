import Foundation
import HeraldTestSupport
import NotificationEngine
import Testing
import UserNotifications

/// Apple-style attachment code (the usual "image in a notification" snippet),
/// compiled unchanged in Swift 5 mode.
@Suite("Apple's attachment code runs unchanged", .offThePool)
struct AttachmentCompatibilityTests {
    /// As an iOS app writes it, with the image's URL passed in instead of
    /// `Bundle.main.url(forResource:withExtension:)`.
    static func scheduleImageNotification(
        center: UNUserNotificationCenter, imageURL: URL, completion: @escaping (Error?) -> Void
    ) {
        let content = UNMutableNotificationContent()
        content.title = "New photo"
        content.body = "Anna shared a photo"
        do {
            let attachment = try UNNotificationAttachment(
                identifier: "image", url: imageURL,
                options: [UNNotificationAttachmentOptionsTypeHintKey: "public.png",
                          UNNotificationAttachmentOptionsThumbnailHiddenKey: false])
            content.attachments = [attachment]
        } catch {
            completion(error)
            return
        }
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)
        center.add(UNNotificationRequest(identifier: "photo", content: content, trigger: trigger)) { error in
            completion(error)
        }
    }

    @Test("An image attachment is checked, scheduled and delivered")
    func imageNotification() async throws {
        let harness = try Harness()
        let center = UNUserNotificationCenter(appIdentifier: "com.example.photos", service: harness.engine)
        _ = try await center.requestAuthorization(options: [.alert])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-compat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("image.png")
        // A 4×4 PNG.
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4IycHRwzEcQDTIxGBFNCZswAAAABJRU5ErkJggg==")!
            .write(to: image)

        let error: Error? = await withCheckedContinuation { continuation in
            Self.scheduleImageNotification(center: center, imageURL: image) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
        harness.scheduler.advance(by: 5)
        let delivered = await center.deliveredNotifications()
        #expect(delivered.first?.request.content.attachments.first?.identifier == "image")
        #expect(delivered.first?.request.content.attachments.first?.type == "public.png")

        let missing: Error? = await withCheckedContinuation { continuation in
            Self.scheduleImageNotification(center: center, imageURL: directory.appendingPathComponent("none.png")) {
                continuation.resume(returning: $0)
            }
        }
        #expect((missing as? UNError)?.code == .attachmentInvalidURL)
    }
}
