import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// Attachments through `UNUserNotificationCenter` on an SQLite engine: copied at
/// `add`, read back from pending and delivered notifications, freed when nothing
/// refers to them any more.
struct AttachmentStoreTests {
    let directory: TemporaryDirectory
    let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 800_000_000))
    let app: AppIdentifier = "com.example.photos"

    init() throws {
        directory = try TemporaryDirectory()
    }

    var databasePath: String { directory.path("engine.sqlite") }
    var storeDirectory: URL { URL(fileURLWithPath: databasePath + ".attachments") }

    private func engine() throws -> NotificationEngine {
        try NotificationEngine(
            store: .sqlite(path: databasePath), scheduler: scheduler,
            configuration: .init(authorizationPolicy: .grantAll))
    }

    private func center(_ engine: NotificationEngine) async throws -> UNUserNotificationCenter {
        let center = UNUserNotificationCenter(appIdentifier: app.rawValue, service: engine)
        _ = try await center.requestAuthorization(options: [.alert, .sound])
        return center
    }

    private func request(_ identifier: String, _ attachments: [UNNotificationAttachment], after seconds: Double = 60)
        -> UNNotificationRequest
    {
        let content = UNMutableNotificationContent()
        content.title = identifier
        content.attachments = attachments
        return UNNotificationRequest(
            identifier: identifier, content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false))
    }

    private func storedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: storeDirectory.path)) ?? []).sorted()
    }

    @Test func copyAtAddSurvivesDeletingTheOriginal() async throws {
        let engine = try engine()
        let center = try await center(engine)
        let original = try AttachmentSamples.write(AttachmentSamples.png, named: "cat.png", in: directory.url)
        let attachment = try UNNotificationAttachment(identifier: "cat", url: original)
        try await center.add(request("r", [attachment]))
        try FileManager.default.removeItem(at: original)

        let pending = try #require(try await center.throwing.pendingNotificationRequests().first)
        let stored = try #require(pending.content.attachments.first)
        #expect(stored.identifier == "cat" && stored.type == "public.png")
        #expect(stored.url.deletingLastPathComponent().standardizedFileURL == storeDirectory.standardizedFileURL)
        #expect(try Data(contentsOf: stored.url) == AttachmentSamples.png)

        scheduler.advance(by: 60)
        let delivered = try #require(try await center.throwing.deliveredNotifications().first)
        let shown = try #require(delivered.request.content.attachments.first)
        #expect(shown.identifier == "cat" && shown.type == "public.png")
        let delivery = try #require(try await engine.deliveredNotifications(for: app).first)
        let contents = try engine.attachment("cat", ofDelivery: delivery.id, for: app)
        #expect(contents.data == AttachmentSamples.png)
        #expect(contents.attachment.size == AttachmentSamples.png.count)
        #expect(contents.attachment.digest.count == 64)
    }

    @Test func attachmentsSurviveARestart() async throws {
        let original = try AttachmentSamples.write(AttachmentSamples.gif, named: "dot.gif", in: directory.url)
        do {
            let center = try await center(try engine())
            try await center.add(request("r", [try UNNotificationAttachment(identifier: "dot", url: original)]))
        }
        let engine = try engine()
        let center = UNUserNotificationCenter(appIdentifier: app.rawValue, service: engine)
        let stored = try #require(try await center.throwing.pendingNotificationRequests().first?.content.attachments.first)
        #expect(stored.type == "com.compuserve.gif")
        #expect(try Data(contentsOf: stored.url) == AttachmentSamples.gif)
        #expect(try engine.attachment("dot", ofPendingRequest: "r", for: app).data == AttachmentSamples.gif)
    }

    @Test func filesAreOwnerOnlyAndStoredOnce() async throws {
        let center = try await center(try engine())
        let first = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        let second = try AttachmentSamples.write(AttachmentSamples.png, named: "b.png", in: directory.url)
        try await center.add(request("one", [try UNNotificationAttachment(identifier: "a", url: first)]))
        try await center.add(request("two", [try UNNotificationAttachment(identifier: "b", url: second)]))
        #expect(storedFiles().count == 1)
        let directoryMode = try FileManager.default.attributesOfItem(atPath: storeDirectory.path)[.posixPermissions]
        #expect((directoryMode as? NSNumber)?.intValue == 0o700)
        let file = storeDirectory.appendingPathComponent(try #require(storedFiles().first))
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
        #expect((fileMode as? NSNumber)?.intValue == 0o600)
    }

    @Test func removingTheLastReferenceFreesTheFile() async throws {
        let center = try await center(try engine())
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        let gif = try AttachmentSamples.write(AttachmentSamples.gif, named: "b.gif", in: directory.url)
        try await center.add(request("one", [try UNNotificationAttachment(identifier: "a", url: png)]))
        try await center.add(request("two", [try UNNotificationAttachment(identifier: "a", url: png)]))
        try await center.add(request("three", [try UNNotificationAttachment(identifier: "b", url: gif)]))
        #expect(storedFiles().count == 2)

        try await center.throwing.removePendingNotificationRequests(withIdentifiers: ["one"])
        #expect(storedFiles().count == 2)  // "two" still refers to the PNG
        try await center.throwing.removePendingNotificationRequests(withIdentifiers: ["two"])
        #expect(storedFiles().count == 1)
        // Replacing a request frees what only the old one referred to.
        try await center.add(request("three", []))
        #expect(storedFiles().isEmpty)
    }

    @Test func deliveredAttachmentsStayWhilePendingOnesGo() async throws {
        let center = try await center(try engine())
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        try await center.add(request("r", [try UNNotificationAttachment(identifier: "a", url: png)], after: 10))
        scheduler.advance(by: 10)
        try await center.throwing.removeAllPendingNotificationRequests()
        #expect(storedFiles().count == 1)  // the delivery still shows it
        #expect(try await center.throwing.deliveredNotifications().first?.request.content.attachments.count == 1)
    }

    @Test func orphanFilesAreSweptAtStart() async throws {
        do {
            let center = try await center(try engine())
            let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
            try await center.add(request("r", [try UNNotificationAttachment(identifier: "a", url: png)]))
        }
        // What a crash between writing a file and committing its request leaves.
        let orphan = String(repeating: "ab", count: 32)
        try Data([1, 2, 3]).write(to: storeDirectory.appendingPathComponent(orphan))
        try Data([1]).write(to: storeDirectory.appendingPathComponent(".\(orphan).\(UUID().uuidString).tmp"))
        #expect(storedFiles().count == 3)
        let engine = try engine()
        #expect(storedFiles().count == 1 && !storedFiles().contains(orphan))
        #expect(try engine.attachment("a", ofPendingRequest: "r", for: app).data == AttachmentSamples.png)
    }

    @Test func aFileGoneFromTheStoreIsReported() async throws {
        let engine = try engine()
        let center = try await center(engine)
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        try await center.add(request("r", [try UNNotificationAttachment(identifier: "a", url: png)]))
        for name in storedFiles() {
            try FileManager.default.removeItem(at: storeDirectory.appendingPathComponent(name))
        }
        let gone = #expect(throws: NotificationError.self) { try engine.attachment("a", ofPendingRequest: "r", for: app) }
        #expect(gone?.code == .attachmentNotInDataStore)
        let unknown = #expect(throws: NotificationError.self) {
            try engine.attachment("nope", ofPendingRequest: "r", for: app)
        }
        #expect(unknown?.code == .attachmentNotFound)
    }

    @Test func atMostTenAttachmentsWithDistinctIdentifiers() async throws {
        let center = try await center(try engine())
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        let eleven = try (0..<11).map { try UNNotificationAttachment(identifier: "a\($0)", url: png) }
        let refusal1 = await #expect(throws: UNError.self) { try await center.add(request("r", eleven)) }
        #expect(refusal1?.code == .tooManyAttachments)
        try await center.add(request("r", Array(eleven.prefix(10))))
        let twins = try [UNNotificationAttachment(identifier: "x", url: png), UNNotificationAttachment(identifier: "x", url: png)]
        let refusal2 = await #expect(throws: UNError.self) { try await center.add(request("s", twins)) }
        #expect(refusal2?.code == .tooManyAttachments)
        #expect(try await center.throwing.pendingNotificationRequests().map(\.identifier) == ["r"])
    }

    @Test func aFileChangedAfterItWasCheckedIsCheckedAgainAtAdd() async throws {
        let center = try await center(try engine())
        let url = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        let attachment = try UNNotificationAttachment(identifier: "a", url: url)
        try Data("not an image".utf8).write(to: url)
        let refusal3 = await #expect(throws: UNError.self) { try await center.add(request("r", [attachment])) }
        #expect(refusal3?.code == .attachmentCorrupt)
        try FileManager.default.removeItem(at: url)
        let refusal4 = await #expect(throws: UNError.self) { try await center.add(request("r", [attachment])) }
        #expect(refusal4?.code == .attachmentInvalidURL)
        #expect(storedFiles().isEmpty)
    }

    @Test func thumbnailOptionsAreKept() async throws {
        let engine = try engine()
        let center = try await center(engine)
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        let options: [AnyHashable: Any] = [
            UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
            UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0.25, "Y": 0, "Width": 0.5, "Height": 1],
            UNNotificationAttachmentOptionsThumbnailTimeKey: 3,
        ]
        try await center.add(request("r", [try UNNotificationAttachment(identifier: "a", url: png, options: options)]))
        let stored = try #require(try await engine.pendingRequests(for: app).first?.request.content.attachments.first)
        #expect(stored.thumbnail == AttachmentThumbnailOptions(
            isHidden: true, clippingRect: .init(x: 0.25, y: 0, width: 0.5, height: 1), time: 3))
    }

    @Test func theDelegateSeesTheStoredCopy() async throws {
        let engine = try engine()
        let center = try await center(engine)
        let delegate = RecordingDelegate(presentation: [.banner, .list])
        center.delegate = delegate
        center.setApplicationActive(true)
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        try await center.add(request("r", [try UNNotificationAttachment(identifier: "a", url: png)], after: 5))
        try FileManager.default.removeItem(at: png)
        scheduler.advance(by: 5)
        await center.waitForDelegateCallbacks()
        let shown = try #require(delegate.presented.first?.request.content.attachments.first)
        #expect(shown.url.deletingLastPathComponent().standardizedFileURL == storeDirectory.standardizedFileURL)
        #expect(try Data(contentsOf: shown.url) == AttachmentSamples.png)
    }

    @Test func aRequestReadBackIsAddedAgainWithoutItsOriginal() async throws {
        let center = try await center(try engine())
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        try await center.add(request("r", [try UNNotificationAttachment(identifier: "a", url: png)]))
        try FileManager.default.removeItem(at: png)
        let pending = try #require(try await center.throwing.pendingNotificationRequests().first)
        let content = try #require(pending.content.mutableCopy() as? UNMutableNotificationContent)
        content.title = "Changed"
        try await center.add(UNNotificationRequest(identifier: "r", content: content, trigger: pending.trigger))
        let again = try #require(try await center.throwing.pendingNotificationRequests().first)
        #expect(again.content.title == "Changed" && again.content.attachments.map(\.identifier) == ["a"])
        #expect(storedFiles().count == 1)

        // With the stored copy gone, adding it again says so.
        for name in storedFiles() {
            try FileManager.default.removeItem(at: storeDirectory.appendingPathComponent(name))
        }
        let refusal = await #expect(throws: UNError.self) {
            try await center.add(UNNotificationRequest(identifier: "s", content: content, trigger: pending.trigger))
        }
        #expect(refusal?.code == .attachmentNotInDataStore)
    }

    @Test func aRefusedAddKeepsNoFile() async throws {
        let center = try await center(try engine())
        let png = try AttachmentSamples.write(AttachmentSamples.png, named: "a.png", in: directory.url)
        let content = UNMutableNotificationContent()
        content.title = "T"
        content.categoryIdentifier = "unregistered"
        content.attachments = [try UNNotificationAttachment(identifier: "a", url: png)]
        let refusal = await #expect(throws: UNError.self) {
            try await center.add(UNNotificationRequest(identifier: "r", content: content, trigger: nil))
        }
        #expect(refusal?.code == .unknownCategory)
        #expect(storedFiles().isEmpty)
    }
}
