import Foundation
import GRDB
import HeraldTestSupport
@testable import NotificationEngine
import Testing

/// What only the SQLite store does: keep its data across opens, roll back a
/// failed transaction, run in WAL mode, and refuse what is not a database.
@Suite("SQLite store")
struct SQLiteStoreTests {
    typealias S = StoreSamples
    let shop: AppIdentifier = "com.example.shopping"

    private struct BodyFailed: Error, Equatable {}

    @Test("Everything written survives closing the store and opening the file again")
    func survivesReopen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let delivery = S.delivery("fired", app: shop, at: 4)
        let response = S.response(to: delivery, action: "trash")
        let preferences = AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert])
        do {
            let store = try SQLiteStore(path: path)
            try store.write { transaction in
                try transaction.savePending(S.pending("soon", fire: 10), for: shop)
                try transaction.savePending(S.location("here"), for: shop)
                try transaction.saveDelivery(delivery)
                try transaction.addToOutbox(delivery.delivery.id)
                try transaction.saveResponse(response)
                try transaction.savePreferences(preferences, for: shop)
                try transaction.saveBadge(2, for: shop)
                try transaction.saveCategories([S.category("list")], for: shop)
            }
        }
        let reopened = try SQLiteStore(path: path)
        try reopened.read { transaction throws in
            #expect(try transaction.pendingRequests(shop) == [S.pending("soon", fire: 10), S.location("here")])
            #expect(try transaction.soonestDue(limit: 10) == [DueEntry(app: shop, identifier: "soon", date: S.date(10))])
            #expect(try transaction.delivery(delivery.delivery.id) == delivery)
            #expect(try transaction.listedDeliveries(shop) == [delivery.delivery])
            #expect(try transaction.outbox() == [delivery.delivery])
            #expect(try transaction.unhandledResponses(shop) == [response])
            #expect(try transaction.preferences(shop) == preferences)
            #expect(try transaction.badge(shop) == 2)
            #expect(try transaction.categories(shop) == [S.category("list")])
            #expect(try transaction.apps() == [shop])
        }
    }

    @Test("A transaction whose body throws leaves nothing behind, and its error comes out unchanged")
    func rollback() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("store.sqlite"))
        let kept = S.delivery("kept", app: shop, at: 1)
        _ = try store.write { try $0.saveDelivery(kept) }
        let refusal = NotificationError(.pendingLimitReached, "full")
        #expect(throws: refusal) {
            try store.write { transaction in
                try transaction.savePending(S.pending("a", fire: 1), for: shop)
                try transaction.saveDelivery(S.delivery("b", app: shop, at: 2))
                try transaction.updateDelivery(kept.delivery.id, isListed: false, isAnswered: true)
                try transaction.saveBadge(9, for: shop)
                throw refusal
            }
        }
        #expect(throws: BodyFailed()) {
            try store.write { transaction in
                try transaction.saveBadge(9, for: shop)
                throw BodyFailed()
            }
        }
        try store.read { transaction throws in
            #expect(try transaction.pendingCounts() == [:])
            #expect(try transaction.listedDeliveries(shop) == [kept.delivery])
            #expect(try transaction.delivery(kept.delivery.id) == kept)
            #expect(try transaction.badge(shop) == 0)
            #expect(try transaction.apps() == [])
        }
    }

    @Test("A read transaction refuses to write, with a store failure")
    func readIsReadOnly() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("store.sqlite"))
        let error = try #require(throws: NotificationError.self) {
            try store.read { try $0.saveBadge(3, for: shop) }
        }
        #expect(error.code == .storeFailure)
        #expect(error.message.contains("saving the badge of \(shop)"))
        #expect(try store.read { try $0.badge(shop) } == 0)
    }

    @Test("The database file is in WAL mode, with 4 KiB pages")
    func walMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let store = try SQLiteStore(path: path)
        try store.write { try $0.saveBadge(1, for: shop) }
        // Bytes 18 and 19 of the header are the write and read format versions: 2 means WAL.
        let header = try #require(FileManager.default.contents(atPath: path)?.prefix(20))
        #expect(header.starts(with: Data("SQLite format 3\0".utf8)))
        #expect(Array(header.suffix(2)) == [2, 2])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        // Bytes 16 and 17 are the page size, big-endian: a new file has 4 KiB pages.
        #expect(Array(header[16..<18]) == [0x10, 0x00])
    }

    @Test("A file that is not a database is refused with a store failure naming it")
    func garbageFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let garbage = String(repeating: "This is a shopping list, not a database.\n", count: 200)
        try Data(garbage.utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: NotificationError.self) { try SQLiteStore(path: path) }
        #expect(error.code == .storeFailure)
        #expect(error.message.contains(path))
        #expect(error.message.contains("not an SQLite database"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == garbage)
    }

    @Test("A path that cannot be created is refused with a store failure")
    func uncreatablePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing/dir/store.sqlite")
        let error = try #require(throws: NotificationError.self) { try SQLiteStore(path: path) }
        #expect(error.code == .storeFailure)
        #expect(error.message.contains(path))
    }

    @Test("Deliveries with fewer requests read than deliveries are refused with a store failure, and nothing is saved")
    func deliveriesWithoutTheirRequests() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("store.sqlite"))
        let kept = S.delivery("kept", app: shop, at: 1)
        let other = S.delivery("other", app: shop, at: 2)
        let error = try #require(throws: NotificationError.self) {
            try store.write { transaction in
                try transaction.saveDeliveries([kept, other], requests: .read([.decoded(kept.delivery.request)]))
            }
        }
        #expect(error.code == .storeFailure)
        #expect(error.message.contains("1 requests read for 2 deliveries"))
        #expect(try store.read { try $0.delivery(kept.delivery.id) } == nil)
    }

    @Test("A version 1 file opens migrated: its pending requests, outbox and notification center read back in order")
    func migratesVersion1() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v1.sqlite")
        let deliveries = [
            S.delivery("b", app: shop, at: 10), S.delivery("a", app: shop, at: 5), S.delivery("gone", app: shop, at: 7, listed: false),
        ]
        let pending = S.pending("milk", fire: 30, added: 2)
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteSchema.migrator.migrate(queue, upTo: "v1")
            try queue.write { db in
                for stored in deliveries {
                    let delivery = stored.delivery
                    try db.execute(
                        sql: """
                            INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, request)
                            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)
                            """,
                        arguments: [
                            delivery.id.description, delivery.app.rawValue, delivery.request.identifier,
                            delivery.scheduledDate.timeIntervalSinceReferenceDate,
                            delivery.date.timeIntervalSinceReferenceDate, delivery.isLate, stored.isListed,
                            try RequestCoding.encode(delivery.request),
                        ])
                }
                try db.execute(
                    sql: """
                        INSERT INTO pending (app, identifier, next_fire, added, is_location, request)
                        VALUES (?, ?, ?, ?, 0, ?)
                        """,
                    arguments: [
                        shop.rawValue, pending.request.identifier, pending.nextFireDate?.timeIntervalSinceReferenceDate,
                        pending.addedDate.timeIntervalSinceReferenceDate, try RequestCoding.encode(pending.request),
                    ])
                for stored in deliveries.reversed() {
                    try db.execute(sql: "INSERT INTO outbox (delivery_id) VALUES (?)", arguments: [stored.delivery.id.description])
                }
            }
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.read { try $0.pendingRequests(shop) } == [pending])
        #expect(try store.read { try $0.soonestDue(limit: 5) }.map(\.identifier) == ["milk"])
        #expect(try store.read { try $0.outbox() } == deliveries.map(\.delivery))
        #expect(try store.read { try $0.listedDeliveries(shop) }.map(\.request.identifier) == ["a", "b"])
        try store.write { try $0.removeFromOutbox([deliveries[1].delivery.id]) }
        #expect(try store.read { try $0.outbox() }.map(\.request.identifier) == ["b", "gone"])
        let migrations = try DatabaseQueue(path: path).read { try SQLiteSchema.migrator.appliedMigrations($0) }
        #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
    }

    @Test("NotificationStoreKind opens an in-memory store or the SQLite file it names")
    func openKind() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("kind.sqlite")
        #expect(try NotificationStoreKind.inMemory.open().store is InMemoryStore)
        #expect(try NotificationStoreKind.inMemory.open().attachments is InMemoryAttachmentStore)
        let (store, attachments) = try NotificationStoreKind.sqlite(path: path).open()
        #expect(store is SQLiteStore)
        #expect((attachments as? FileAttachmentStore)?.directory.path == path + ".attachments")
        try store.write { try $0.saveBadge(7, for: shop) }
        #expect(try NotificationStoreKind.sqlite(path: path).open().store.read { try $0.badge(shop) } == 7)
        #expect(try NotificationStoreKind.inMemory.open().store.read { try $0.badge(shop) } == 0)
        #expect(throws: NotificationError.self) { try NotificationStoreKind.sqlite(path: directory.path("no/such.sqlite")).open() }
    }

    @Test("The checkpointer checkpoints again until one finds the log as long as before and all of it copied")
    func checkpointerCatchesUp() {
        // (the log's length, how much of it is copied) per checkpoint, and how many a run makes.
        let runs: [(results: [(Int, Int)], checkpoints: Int)] = [
            ([(100, 100), (103, 103), (103, 103), (110, 110)], 3),  // commits came in during the first
            ([(0, 0)], 1),  // the log is empty (it started over)
            ([(-1, -1)], 1),  // not in WAL mode
            (Array(repeating: (100, 90), count: 10), SQLiteCheckpointer.attemptsPerRun),  // a reader holds frames back
            ([(100, 100), (100, 100)], 2),
        ]
        for (results, checkpoints) in runs {
            var made = 0
            SQLiteCheckpointer.catchUp {
                defer { made += 1 }
                return results[made]
            }
            #expect(made == checkpoints, "\(results)")
        }
    }

    @Test("Once the checkpointer has copied the whole log, the next commit starts it over")
    func checkpointerLetsTheLogStartOver() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        var configuration = Configuration()
        // The writer never checkpoints: only the checkpointer copies the log.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { try $0.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, value BLOB)") }
        for _ in 0..<200 {
            try pool.write { try $0.execute(sql: "INSERT INTO rows (value) VALUES (randomblob(300))") }
        }
        let checkpointer = try DatabaseQueue(path: path)
        let logLength = { try checkpointer.writeWithoutTransaction { try $0.checkpoint(.passive).walFrameCount } }
        #expect(try logLength() >= 200)
        try checkpointer.writeWithoutTransaction(SQLiteCheckpointer.catchUp)
        try pool.write { try $0.execute(sql: "INSERT INTO rows (value) VALUES (randomblob(300))") }
        // The log holds only the last commit's pages.
        #expect(try logLength() < 10)
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM rows") } == 201)
    }
}
