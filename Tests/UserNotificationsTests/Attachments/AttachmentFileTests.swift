import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization
import Testing
import UserNotifications

/// An attachment read back from the center is a `file://` URL of a readable file
/// holding its bytes, whatever store the engine runs on (in memory, SQLite,
/// PostgreSQL when a test database is given), as on iOS (where the
/// system copies attachments into its own store): pending requests, delivered
/// notifications and the delegate's callbacks.
struct AttachmentFileTests {
    enum Store: String, CaseIterable, Sendable {
        case inMemory, sqlite
        /// A schema of its own in the test database (``TestPostgres``).
        case postgres

        /// In memory and SQLite always; PostgreSQL when a test database is given.
        static var allCases: [Store] {
            TestPostgres.url == nil ? [.inMemory, .sqlite] : [.inMemory, .sqlite, .postgres]
        }
    }

    let directory: TemporaryDirectory
    let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 800_000_000))
    let app: AppIdentifier = "com.example.photos"

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func engine(_ store: Store) throws -> NotificationEngine {
        let kind: NotificationStoreKind
        switch store {
        case .inMemory: kind = .inMemory
        case .sqlite: kind = .sqlite(path: directory.path("engine.sqlite"))
        case .postgres: kind = .postgres(url: try #require(TestPostgres.uniqueSchemaURL()))
        }
        return try NotificationEngine(store: kind, scheduler: scheduler, configuration: .init(authorizationPolicy: .grantAll))
    }

    private func center(_ engine: NotificationEngine) async throws -> UNUserNotificationCenter {
        let center = UNUserNotificationCenter(appIdentifier: app.rawValue, service: engine)
        try await center.requestAuthorization(options: [.alert, .sound])
        return center
    }

    /// Adds "photo" with the PNG attached, firing in 60 s, and deletes the original file.
    private func addPhoto(to center: UNUserNotificationCenter, trigger seconds: Double? = 60) async throws {
        let original = try AttachmentSamples.write(AttachmentSamples.png, named: "cat.png", in: directory.url)
        let content = UNMutableNotificationContent()
        content.title = "Look"
        content.attachments = [try UNNotificationAttachment(identifier: "cat", url: original)]
        let trigger = seconds.map { UNTimeIntervalNotificationTrigger(timeInterval: $0, repeats: false) }
        try await center.add(UNNotificationRequest(identifier: "photo", content: content, trigger: trigger))
        try FileManager.default.removeItem(at: original)
    }

    @Test(arguments: Store.allCases)
    func pendingAndDeliveredAttachmentsAreReadableFiles(_ store: Store) async throws {
        let engine = try engine(store)
        let center = try await center(engine)
        try await addPhoto(to: center)

        let pending = try #require(try await center.throwing.pendingNotificationRequests().first?.content.attachments.first)
        try expectReadableCopy(pending.url)
        scheduler.advance(by: 60)
        let delivered = try #require(try await center.throwing.deliveredNotifications().first?.request.content.attachments.first)
        try expectReadableCopy(delivered.url)
    }

    @Test(arguments: Store.allCases)
    func theDelegateIsHandedReadableFiles(_ store: Store) async throws {
        let engine = try engine(store)
        let center = try await center(engine)
        let delegate = AttachmentReadingDelegate()
        center.delegate = delegate
        center.setApplicationActive(true)
        try await addPhoto(to: center, trigger: nil)
        await center.waitForDelegateCallbacks()

        let delivery = try #require(try await engine.deliveredNotifications(for: app).first)
        try await engine.respond(
            to: delivery.id, actionIdentifier: UNNotificationDefaultActionIdentifier, userText: nil, authenticated: true,
            for: app)
        await center.waitForDelegateCallbacks()
        // Read during each call, as an app does: once the response is handled and the
        // notification has left the center, its bytes may go.
        #expect(delegate.read == ["willPresent": AttachmentSamples.png, "didReceive": AttachmentSamples.png])
    }

    @Test func anInMemoryEngineKeepsItsCopiesPrivateAndRemovesThemWithTheNotification() async throws {
        let engine = try engine(.inMemory)
        let center = try await center(engine)
        try await addPhoto(to: center)
        let file = try #require(try await center.throwing.pendingNotificationRequests().first?.content.attachments.first).url
        #expect(try permissions(of: file) == 0o600)
        #expect(try permissions(of: file.deletingLastPathComponent()) == 0o700)
        #expect(file.deletingLastPathComponent().lastPathComponent.hasPrefix("herald-attachments-"))

        try await center.throwing.removeAllPendingNotificationRequests()
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aRequestReadBackFromAnInMemoryEngineCanBeAddedAgain() async throws {
        let engine = try engine(.inMemory)
        let center = try await center(engine)
        try await addPhoto(to: center)
        let pending = try #require(try await center.throwing.pendingNotificationRequests().first)
        let copy = UNNotificationRequest(identifier: "again", content: pending.content, trigger: pending.trigger)
        try await center.add(copy)
        let again = try await center.throwing.pendingNotificationRequests().first { $0.identifier == "again" }
        try expectReadableCopy(try #require(again?.content.attachments.first).url)
    }

    private func expectReadableCopy(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(url.isFileURL, "\(url.absoluteString) is not a file URL", sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: url) == AttachmentSamples.png, sourceLocation: sourceLocation)
    }

    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
    }
}

/// A delegate that reads each notification's first attachment while it is called.
private final class AttachmentReadingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let files = Mutex<[String: Data]>([:])

    /// What each call read, by the call's name.
    var read: [String: Data] { files.withLock { $0 } }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        record("willPresent", notification)
        return [.banner, .list]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        record("didReceive", response.notification)
    }

    private func record(_ call: String, _ notification: UNNotification) {
        guard let url = notification.request.content.attachments.first?.url, url.isFileURL,
            let data = try? Data(contentsOf: url)
        else { return }
        files.withLock { $0[call] = data }
    }
}
