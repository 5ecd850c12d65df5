import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import Signals
import Testing

@Suite("Engine: attachments")
struct EngineAttachmentTests {
    static func request(_ identifier: String, after seconds: TimeInterval = 60, _ attachments: [NotificationAttachment])
        -> NotificationRequest
    {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: "T", attachments: attachments),
            trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: false)))
    }

    static func png(_ identifier: String = "cat") throws -> NotificationAttachment {
        try NotificationAttachment.data(identifier: identifier, bytes: AttachmentSamples.png, fileName: "\(identifier).png")
    }

    @Test("The store encoding keeps attachments; records without them are as before")
    func coding() throws {
        let options = AttachmentThumbnailOptions(
            isHidden: false, clippingRect: .init(x: 0.1, y: 0.2, width: 0.3, height: 0.4), time: 1.5)
        let stored = NotificationAttachment(
            identifier: "a", type: .png, fileName: "a.png", size: 73, digest: String(repeating: "0f", count: 32),
            thumbnail: options)
        let request = Self.request("r", [stored, NotificationAttachment(identifier: "b", type: .wav, fileName: "", size: 1)])
        #expect(try RequestCoding.decode(RequestCoding.encode(request)) == request)
        let plain = Self.request("r", [])
        let plainData = try RequestCoding.encode(plain)
        #expect(try RequestCoding.decode(plainData) == plain)
        let withAttachments = try RequestCoding.encode(request)
        #expect(withAttachments.starts(with: plainData))
        #expect(throws: NotificationError.self) { try RequestCoding.decode(withAttachments.dropLast()) }
    }

    @Test("An in-memory engine keeps the bytes in memory, once, and frees them with the last reference")
    func inMemory() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(Self.request("one", [try Self.png()]), for: fixture.app)
        try await fixture.engine.add(Self.request("two", [try Self.png("dot")]), for: fixture.app)
        #expect(try fixture.engine.attachment("cat", ofPendingRequest: "one", for: fixture.app).data == AttachmentSamples.png)
        let digest = try #require(try await fixture.engine.pendingRequests(for: fixture.app).first?.request.content.attachments.first?.digest)
        #expect(fixture.engine.attachments.data(digest: digest) != nil)
        try await fixture.engine.removePendingRequests(withIdentifiers: ["one"], for: fixture.app)
        #expect(fixture.engine.attachments.data(digest: digest) != nil)  // "two" has the same bytes
        try await fixture.engine.removePendingRequests(withIdentifiers: ["two"], for: fixture.app)
        #expect(fixture.engine.attachments.isEmpty)
    }

    @Test("A request read back and added again keeps its stored attachment")
    func addAgain() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(Self.request("one", [try Self.png()]), for: fixture.app)
        var request = try #require(try await fixture.engine.pendingRequests(for: fixture.app).first?.request)
        request.content.title = "Changed"
        try await fixture.engine.add(request, for: fixture.app)
        let again = try #require(try await fixture.engine.pendingRequests(for: fixture.app).first?.request)
        #expect(again.content.title == "Changed" && again.content.attachments.map(\.identifier) == ["cat"])
        #expect(try fixture.engine.attachment("cat", ofPendingRequest: "one", for: fixture.app).data == AttachmentSamples.png)
    }

    @Test("Group adds store each add's attachments and refuse only the bad ones", arguments: [false, true])
    func groupAdd(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try EngineFixture(store: sqlite ? .sqlite(path: directory.path("e.sqlite")) : .inMemory)
        try await fixture.authorize()
        let corrupt = try NotificationAttachment.data(identifier: "bad", bytes: AttachmentSamples.gif, fileName: "bad.png")
        let results = fixture.engine.addEach([
            .init([Self.request("good", [try Self.png()])], for: fixture.app),
            .init([Self.request("bad", [corrupt])], for: fixture.app),
        ])
        #expect((try? results[0].get()) != nil)
        #expect((results[1].failure as? NotificationError)?.code == .attachmentCorrupt)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).map(\.request.identifier) == ["good"])
        #expect(try fixture.engine.attachment("cat", ofPendingRequest: "good", for: fixture.app).data == AttachmentSamples.png)
    }

    @Test("Forgetting an app frees its attachments")
    func forgetApp() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("e.sqlite")
        let fixture = try EngineFixture(store: .sqlite(path: path))
        try await fixture.authorize()
        try await fixture.engine.add(Self.request("now", after: 1, [try Self.png()]), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 1)
        let files = { (try? FileManager.default.contentsOfDirectory(atPath: path + ".attachments")) ?? [] }
        #expect(files().count == 1)
        try fixture.engine.forgetApp(fixture.app)
        #expect(files().isEmpty)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

extension AttachmentStore {
    fileprivate func data(digest: String) -> Data? {
        try? data(digest)
    }
}
