import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// Attachments' bytes are kept while something lists them, and no longer: an
/// app's quota bounds them, and clearing, removing, acknowledging or pushing a
/// delivery out of the center frees them at once.
@Suite("Engine: attachment bytes, their quota and when they go")
struct AttachmentRetentionTests {
    static func request(
        _ identifier: String, _ attachments: [NotificationAttachment], after seconds: TimeInterval? = 60
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: "T", attachments: attachments),
            trigger: seconds.map { .timeInterval(TimeIntervalTrigger(interval: $0, repeats: false)) })
    }

    static func png() throws -> NotificationAttachment {
        try .data(identifier: "img", bytes: AttachmentSamples.png, fileName: "img.png")
    }

    static func gif() throws -> NotificationAttachment {
        try .data(identifier: "img", bytes: AttachmentSamples.gif, fileName: "img.gif")
    }

    static func wav() throws -> NotificationAttachment {
        try .data(identifier: "img", bytes: AttachmentSamples.wav(samples: 10), fileName: "img.wav")
    }

    /// Whether the engine still has the bytes of the delivery's attachment.
    static func hasBytes(_ delivery: Delivery, _ fixture: EngineFixture) throws -> Bool {
        do {
            _ = try fixture.engine.attachment("img", ofDelivery: delivery.id, for: fixture.app)
            return true
        } catch let error as NotificationError where error.code == .attachmentNotInDataStore {
            return false
        }
    }

    static func store(_ sqlite: Bool, _ directory: TemporaryDirectory) -> NotificationStoreKind {
        sqlite ? .sqlite(path: directory.path("engine.sqlite")) : .inMemory
    }

    /// Adds an immediate request with `attachment` and returns its delivery.
    static func deliver(_ identifier: String, _ attachment: NotificationAttachment, _ fixture: EngineFixture) async throws
        -> Delivery
    {
        try await fixture.engine.add(request(identifier, [attachment], after: nil), for: fixture.app)
        return try #require(fixture.presenter.presentations.last?.delivery)
    }

    @Test("Clearing the notification center frees the bytes at once, not after the retention", arguments: [false, true])
    func clearingFrees(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try EngineFixture(store: Self.store(sqlite, directory))
        try await fixture.authorize()
        let delivery = try await Self.deliver("now", try Self.png(), fixture)
        #expect(try Self.hasBytes(delivery, fixture))
        try await fixture.engine.removeAllDeliveredNotifications(for: fixture.app)
        #expect(try !Self.hasBytes(delivery, fixture))
        #expect(try fixture.engine.delivery(delivery.id) != nil, "the delivery itself waits out its retention")
    }

    @Test("Removing a delivered notification keeps bytes a pending request still has", arguments: [false, true])
    func sharedBytesStay(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try EngineFixture(store: Self.store(sqlite, directory))
        try await fixture.authorize()
        try await fixture.engine.add(Self.request("later", [try Self.png()]), for: fixture.app)
        let delivery = try await Self.deliver("now", try Self.png(), fixture)
        try await fixture.engine.removeDeliveredNotifications(withIdentifiers: ["now"], for: fixture.app)
        #expect(try Self.hasBytes(delivery, fixture))
        try await fixture.engine.removePendingRequests(withIdentifiers: ["later"], for: fixture.app)
        #expect(try !Self.hasBytes(delivery, fixture))
    }

    @Test("An answer the app has not had keeps the bytes; its acknowledgement frees them")
    func acknowledgementFrees() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let delivery = try await Self.deliver("now", try Self.png(), fixture)
        try fixture.engine.respond(to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, authenticated: true)
        #expect(try Self.hasBytes(delivery, fixture), "the app gets the answer with its attachment")
        try fixture.engine.acknowledgeResponse(to: delivery.id, for: fixture.app)
        #expect(try !Self.hasBytes(delivery, fixture))
    }

    @Test("A delivery pushed out of the center frees bytes nothing else has", arguments: [false, true])
    func pushedOutFrees(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try EngineFixture(store: Self.store(sqlite, directory)) { $0.deliveredLimitPerApp = 1 }
        try await fixture.authorize()
        let first = try await Self.deliver("one", try Self.png(), fixture)
        let second = try await Self.deliver("two", try Self.gif(), fixture)
        #expect(try !Self.hasBytes(first, fixture))
        #expect(try Self.hasBytes(second, fixture))
    }

    @Test("An app's attachments stay within its quota, each file counted once; a refused add changes nothing")
    func quota() async throws {
        let quota = AttachmentSamples.png.count + AttachmentSamples.gif.count
        let fixture = try EngineFixture { $0.attachmentBytesPerApp = quota }
        try await fixture.authorize()
        try await fixture.engine.add(Self.request("a", [try Self.png()]), for: fixture.app)
        try await fixture.engine.add(Self.request("same", [try Self.png()]), for: fixture.app)
        try await fixture.engine.add(Self.request("b", [try Self.gif()]), for: fixture.app)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(Self.request("c", [try Self.wav()]), for: fixture.app)
        }
        #expect(error?.code == .payloadTooLarge)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).map(\.request.identifier).sorted()
            == ["a", "b", "same"])
        // Replacing "b" frees its bytes for the new ones.
        try await fixture.engine.add(Self.request("b", [try Self.png()]), for: fixture.app)
        try await fixture.engine.add(Self.request("c", [try Self.gif()]), for: fixture.app)
        let other: AppIdentifier = "com.example.other"
        try await fixture.authorize(other)
        try await fixture.engine.add(Self.request("x", [try Self.png(), try Self.gif()].enumerated().map { index, attachment in
            var attachment = attachment
            attachment.identifier = "img\(index)"
            return attachment
        }), for: other)
    }

    @Test("A stored attachment added again counts its stored size, whatever size the caller names")
    func storedSizeCounts() async throws {
        let fixture = try EngineFixture { $0.attachmentBytesPerApp = AttachmentSamples.wav(samples: 10).count }
        try await fixture.authorize()
        let owner: AppIdentifier = "com.example.owner"
        try await fixture.authorize(owner)
        try await fixture.engine.add(Self.request("big", [try Self.wav()]), for: owner)
        var stored = try #require(try await fixture.engine.pendingRequests(for: owner).first?.request.content.attachments.first)
        stored.size = 0
        stored.url = nil
        try await fixture.engine.add(Self.request("small", [try Self.gif()]), for: fixture.app)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(Self.request("claimed", [stored]), for: fixture.app)
        }
        #expect(error?.code == .payloadTooLarge)
    }

    @Test("A group add refuses only the add beyond the quota")
    func groupQuota() async throws {
        let fixture = try EngineFixture { $0.attachmentBytesPerApp = AttachmentSamples.png.count }
        try await fixture.authorize()
        let results = fixture.engine.addEach([
            .init([Self.request("fits", [try Self.png()])], for: fixture.app),
            .init([Self.request("beyond", [try Self.gif()])], for: fixture.app),
        ])
        #expect((try? results[0].get()) != nil)
        guard case .failure(let error) = results[1] else {
            Issue.record("the add beyond the quota was made")
            return
        }
        #expect((error as? NotificationError)?.code == .payloadTooLarge)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).map(\.request.identifier) == ["fits"])
    }
}
