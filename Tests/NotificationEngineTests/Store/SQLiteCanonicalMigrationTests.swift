import Foundation
import GRDB
import HeraldTestSupport
@testable import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// The v4 migration: a database written before identifiers were kept in NFC may
/// hold canonically equal identifiers as two rows; it opens with one.
@Suite("SQLite store: migrating to canonical identifiers")
struct SQLiteCanonicalMigrationTests {
    typealias S = StoreSamples
    static let shop: AppIdentifier = "com.example.shopping"
    static let todo: AppIdentifier = "com.example.todo"

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func request(_ identifier: String, title: String) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: title, threadIdentifier: "the\u{301}"),
            trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: false)))
    }

    /// A version 3 file with duplicates: "né" twice (the decomposed one added
    /// last), "café" twice (the composed one added last), a lone decomposed "né"
    /// of another app, and two listed deliveries of "thé". Returns the deliveries' ids.
    static func writeVersion3(at path: String) throws -> [DeliveryID] {
        try OldSchemaRows.database(at: path, upTo: "v3").write { db in
            func pending(_ identifier: String, _ title: String, fire: Double, added: Double, app: AppIdentifier = shop)
                throws
            {
                try OldSchemaRows.insertPending(
                    request(identifier, title: title), of: app, fire: S.date(fire), added: S.date(added), in: db)
            }
            try pending("n\u{e9}", "né first", fire: 100, added: 1)
            try pending("ne\u{301}", "né second", fire: 200, added: 2)
            try pending("cafe\u{301}", "café first", fire: 30, added: 3)
            try pending("caf\u{e9}", "café second", fire: 50, added: 5)
            try pending("ne\u{301}", "todo", fire: 70, added: 1, app: todo)
            try OldSchemaRows.insertAuthorizedApp(shop, in: db)
            try OldSchemaRows.insertAuthorizedApp(todo, in: db)
            return try ["th\u{e9}", "the\u{301}"].enumerated().map { index, identifier in
                try OldSchemaRows.insertDelivery(
                    request(identifier, title: "delivered"), of: shop, at: S.date(Double(10 + 10 * index)), in: db)
            }
        }
    }

    @Test("Pending requests that are one identifier merge into the one added last, in NFC")
    func mergesPending() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.sqlite")
        _ = try Self.writeVersion3(at: path)
        let store = try SQLiteStore(path: path)
        let shop = try store.read { try $0.pendingRequests(Self.shop) }
        #expect(shop.map(\.request.content.title) == ["café second", "né second"])
        #expect(shop.map { Self.bytes($0.request.identifier) } == [Self.bytes("caf\u{e9}"), Self.bytes("n\u{e9}")])
        #expect(shop.last.map { Self.bytes($0.request.content.threadIdentifier) } == Self.bytes("th\u{e9}"),
                "a rewritten request has its other identifiers in NFC too")
        #expect(shop.map(\.nextFireDate) == [S.date(50), S.date(200)])
        let todo = try store.read { try $0.pendingRequests(Self.todo) }
        #expect(todo.map { Self.bytes($0.request.identifier) } == [Self.bytes("n\u{e9}")])
        #expect(try store.read { try $0.pendingCounts() } == [Self.shop: 2, Self.todo: 1])
        #expect(try store.read { try $0.soonestDue(limit: 10) }.map { Self.bytes($0.identifier) }
                == ["caf\u{e9}", "n\u{e9}", "n\u{e9}"].map(Self.bytes))
        let migrations = try DatabaseQueue(path: path).read { try SQLiteSchema.migrator.appliedMigrations($0) }
        #expect(migrations.contains("v4"))
    }

    @Test("Of listed deliveries that are one identifier, the one saved last stays listed, in NFC")
    func keepsLastDelivery() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.sqlite")
        let ids = try Self.writeVersion3(at: path)
        let store = try SQLiteStore(path: path)
        let listed = try store.read { try $0.listedDeliveries(Self.shop) }
        #expect(listed.map(\.id) == [ids[1]])
        #expect(listed.map { Self.bytes($0.request.identifier) } == [Self.bytes("th\u{e9}")])
        #expect(try store.read { try $0.delivery(ids[0]) }?.isListed == false)
        #expect(try store.read { try $0.delivery(ids[0]) }.map { Self.bytes($0.delivery.request.identifier) } == Self.bytes("th\u{e9}"))
    }

    @Test("An engine on the migrated file fires each merged request once and removes it by either spelling")
    func engineOnMigratedFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.sqlite")
        _ = try Self.writeVersion3(at: path)
        let fixture = try EngineFixture(store: .sqlite(path: path), start: S.date(0))
        try await fixture.engine.removePendingRequests(withIdentifiers: ["n\u{e9}"], for: Self.todo)
        try await fixture.engine.removeDeliveredNotifications(withIdentifiers: ["th\u{e9}"], for: Self.shop)
        #expect(try await fixture.engine.deliveredNotifications(for: Self.shop).isEmpty)
        fixture.scheduler.advance(by: 300)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["café second", "né second"])
    }
}
