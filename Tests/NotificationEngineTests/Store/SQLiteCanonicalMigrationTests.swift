import Foundation
import GRDB
import HeraldTestSupport
@testable import NotificationEngine
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

    /// Writes a pending row the way version 3 did, spelling kept.
    static func insertPending(
        _ identifier: String, title: String, fire: Double, added: Double, app: AppIdentifier = shop, in db: Database
    ) throws {
        try db.execute(
            sql: "INSERT INTO pending (app, identifier, next_fire, added, is_location, request) VALUES (?, ?, ?, ?, 0, ?)",
            arguments: [
                app.rawValue, identifier, S.date(fire).timeIntervalSinceReferenceDate,
                S.date(added).timeIntervalSinceReferenceDate, try RequestCoding.encode(request(identifier, title: title)),
            ])
    }

    /// Writes a listed delivery the way version 3 did; returns its id.
    static func insertDelivery(_ identifier: String, at offset: Double, in db: Database) throws -> DeliveryID {
        let id = DeliveryID()
        try db.execute(
            sql: """
                INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, request)
                VALUES (?, ?, ?, ?, ?, 0, 1, 0, ?)
                """,
            arguments: [
                id.description, shop.rawValue, identifier, S.date(offset).timeIntervalSinceReferenceDate,
                S.date(offset).timeIntervalSinceReferenceDate,
                try RequestCoding.encode(request(identifier, title: "delivered")),
            ])
        return id
    }

    /// A version 3 file with duplicates: "né" twice (the decomposed one added
    /// last), "café" twice (the composed one added last), a lone decomposed "né"
    /// of another app, and two listed deliveries of "thé". Returns the deliveries' ids.
    static func writeVersion3(at path: String) throws -> [DeliveryID] {
        let queue = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(queue, upTo: "v3")
        return try queue.write { db in
            try insertPending("n\u{e9}", title: "né first", fire: 100, added: 1, in: db)
            try insertPending("ne\u{301}", title: "né second", fire: 200, added: 2, in: db)
            try insertPending("cafe\u{301}", title: "café first", fire: 30, added: 3, in: db)
            try insertPending("caf\u{e9}", title: "café second", fire: 50, added: 5, in: db)
            try insertPending("ne\u{301}", title: "todo", fire: 70, added: 1, app: todo, in: db)
            let preferences = String(decoding: try JSONEncoder().encode(
                AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert])), as: UTF8.self)
            for app in [shop, todo] {
                try db.execute(sql: "INSERT INTO apps (app, preferences) VALUES (?, ?)", arguments: [app.rawValue, preferences])
            }
            return [try insertDelivery("th\u{e9}", at: 10, in: db), try insertDelivery("the\u{301}", at: 20, in: db)]
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
