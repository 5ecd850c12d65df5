import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// Identifiers compare as Swift strings do, by canonical equivalence: `"n\u{e9}"`
/// (precomposed) and `"ne\u{301}"` (decomposed) are one identifier, in both
/// stores, in the due window and in every lookup. The engine keeps them in NFC.
/// That a later spelling replaces an earlier one in a batch or a group, counts
/// once against the limit, and is measured in NFC is decided by the adding flow,
/// tested on its own in `Core/AddingDecisionTests.swift`.
@Suite("Engine: canonically equal identifiers")
struct CanonicalIdentifierTests {
    static let composed = "n\u{e9}"
    static let decomposed = "ne\u{301}"

    static func fixture(_ directory: TemporaryDirectory, sqlite: Bool, limit: Int = 64) async throws -> EngineFixture {
        let store: NotificationStoreKind = sqlite ? .sqlite(path: directory.path("canonical.sqlite")) : .inMemory
        let fixture = try EngineFixture(store: store) { $0.pendingLimitPerApp = limit }
        try await fixture.authorize()
        return fixture
    }

    /// The UTF-8 bytes, which SQLite compares; `==` on strings would not tell the spellings apart.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("Adding the other spelling replaces the request: one pending, fired once at the second's date",
          arguments: [false, true])
    func addReplaces(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try await Self.fixture(directory, sqlite: sqlite)
        let engine = fixture.engine
        try await engine.add(EngineFixture.request(Self.composed, after: 10, title: "first"), for: fixture.app)
        try await engine.add(EngineFixture.request(Self.decomposed, after: 20, title: "second"), for: fixture.app)
        let pending = try await engine.pendingRequests(for: fixture.app)
        #expect(pending.map { Self.bytes($0.request.identifier) } == [Self.bytes(Self.composed)])
        #expect(pending.map(\.request.content.title) == ["second"])
        fixture.scheduler.advance(by: 60)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["second"])
        #expect(fixture.presenter.presentations.map(\.delivery.scheduledDate) == [EngineFixture.start.addingTimeInterval(20)])
        if sqlite {
            let reopened = try EngineFixture(store: .sqlite(path: directory.path("canonical.sqlite")))
            reopened.scheduler.advance(by: 3_600)
            #expect(reopened.presenter.presentations.isEmpty, "no second row fires after a restart")
        }
    }

    @Test("Removing with the other spelling removes the pending request and the delivery", arguments: [false, true])
    func removeEitherSpelling(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try await Self.fixture(directory, sqlite: sqlite)
        let engine = fixture.engine
        try await engine.add(EngineFixture.request(Self.composed, after: 10), for: fixture.app)
        try await engine.add(EngineFixture.request("caf\u{e9}", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        try await engine.removePendingRequests(withIdentifiers: [Self.decomposed], for: fixture.app)
        #expect(try await engine.pendingRequests(for: fixture.app).isEmpty)
        try await engine.removeDeliveredNotifications(withIdentifiers: ["cafe\u{301}"], for: fixture.app)
        #expect(try await engine.deliveredNotifications(for: fixture.app).isEmpty)
        #expect(fixture.presenter.withdrawn == fixture.presenter.presentations.map(\.delivery.id))
        fixture.scheduler.advance(by: 60)
        #expect(fixture.presentedIdentifiers.count == 1, "the removed request does not fire")
    }

    @Test("A delivery of the other spelling replaces the one in the notification center", arguments: [false, true])
    func deliveryReplaces(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try await Self.fixture(directory, sqlite: sqlite)
        let engine = fixture.engine
        try await engine.add(EngineFixture.request(Self.composed, after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        try await engine.add(EngineFixture.request(Self.decomposed, after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        let delivered = try await engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.id) == [fixture.presenter.presentations.last?.delivery.id])
        #expect(fixture.presenter.withdrawn == [fixture.presenter.presentations[0].delivery.id])
    }

    @Test("Category, action and thread identifiers are kept normalized too", arguments: [false, true])
    func categoriesAndActions(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let fixture = try await Self.fixture(directory, sqlite: sqlite)
        let engine = fixture.engine
        let action = NotificationAction(identifier: Self.decomposed, title: "No")
        let category = NotificationCategory(identifier: "cafe\u{301}", actions: [action], minimalActions: [action])
        try await engine.setCategories([category], for: fixture.app)
        let stored = try await engine.categories(for: fixture.app)
        #expect(stored.map { Self.bytes($0.identifier) } == [Self.bytes("caf\u{e9}")])
        #expect(stored.first?.actions.map { Self.bytes($0.identifier) } == [Self.bytes(Self.composed)])
        #expect(stored.first?.minimalActions?.map { Self.bytes($0.identifier) } == [Self.bytes(Self.composed)])

        var request = EngineFixture.request("r", after: 1)
        request.content.categoryIdentifier = "caf\u{e9}"
        request.content.threadIdentifier = "the\u{301}"
        try await engine.add(request, for: fixture.app)
        let content = try #require(try await engine.pendingRequests(for: fixture.app).first?.request.content)
        #expect(Self.bytes(content.categoryIdentifier) == Self.bytes("caf\u{e9}"))
        #expect(Self.bytes(content.threadIdentifier) == Self.bytes("th\u{e9}"))
        fixture.scheduler.advance(by: 1)
        let delivery = try #require(fixture.presenter.presentations.last?.delivery)
        let responses = Recorded<NotificationResponse>()
        let watching = engine.responses(for: fixture.app).subscribeNext { responses.append($0) }
        defer { watching.dispose() }
        try engine.respond(to: delivery.id, actionIdentifier: Self.decomposed, authenticated: false)
        #expect(responses.values.map { Self.bytes($0.actionIdentifier) } == [Self.bytes(Self.composed)])
    }
}
