import Foundation
import GRDB

/// The webhook posts the daemon owes, kept in `webhooks.sqlite` in the data
/// directory, so that a post not yet accepted when the daemon stops or crashes is
/// sent when it starts again.
///
/// A post is named by its event type and delivery id: enqueueing one that is
/// already there, waiting or done, changes nothing, so a delivery the engine hands
/// over again after a crash is not posted twice. Done posts are kept for
/// ``retention`` for that, then forgotten.
final class WebhookOutbox: Sendable {
    /// How long a sent or abandoned post is remembered, to refuse it a second time.
    static let retention: TimeInterval = 7 * 24 * 3600

    /// One post: what to send and how often it was tried.
    struct Post: Sendable, Hashable {
        let id: Int64
        let type: String
        let delivery: String
        let app: String
        /// The event's JSON, the request body.
        let body: Data
        /// Attempts made so far, across restarts.
        let attempts: Int
        /// When the last attempt was made (when the post was recorded, before the first).
        let updated: Date
    }

    private let database: DatabaseQueue
    let path: String

    /// Opens (creating if needed) the outbox at `path` and forgets posts done
    /// more than ``retention`` before `now`.
    ///
    /// - Throws: ``DaemonError`` when the file cannot be opened or migrated.
    init(path: String, now: Date) throws {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.journalMode = .wal
            configuration.busyMode = .timeout(5)
            configuration.label = "Herald.WebhookOutbox"
            // A post is recorded on the engine's firing path: no fsync per post. GRDB
            // opens WAL databases with `synchronous = NORMAL`, under which a committed
            // post still survives the process being killed.
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
            try database.write { db in
                try db.execute(
                    sql: "DELETE FROM post WHERE done = 1 AND updated < ?",
                    arguments: [now.timeIntervalSince1970 - Self.retention])
            }
        } catch {
            throw DaemonError("cannot open the webhook outbox \(path): \(error)")
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE post (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        type TEXT NOT NULL,
                        delivery TEXT NOT NULL,
                        app TEXT NOT NULL,
                        body BLOB NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        done INTEGER NOT NULL DEFAULT 0,
                        updated REAL NOT NULL,
                        UNIQUE (type, delivery)
                    );
                    CREATE INDEX post_waiting ON post (done, id);
                    """)
        }
        return migrator
    }

    /// Adds a post whose body `makeBody` writes given the post's number; `nil`
    /// when one of this type for this delivery is already there (waiting, sent
    /// or abandoned).
    func enqueue(
        type: String, delivery: String, app: String, now: Date, makeBody: (Int64) throws -> Data
    ) throws -> Post? {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO post (type, delivery, app, body, updated) VALUES (?, ?, ?, x'', ?)
                    ON CONFLICT (type, delivery) DO NOTHING
                    """,
                arguments: [type, delivery, app, now.timeIntervalSince1970])
            guard db.changesCount > 0 else { return nil }
            let id = db.lastInsertedRowID
            let body = try makeBody(id)
            try db.execute(sql: "UPDATE post SET body = ? WHERE id = ?", arguments: [body, id])
            return Post(id: id, type: type, delivery: delivery, app: app, body: body, attempts: 0, updated: now)
        }
    }

    /// The posts not yet sent nor abandoned, oldest first.
    func waiting() throws -> [Post] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, type, delivery, app, body, attempts, updated FROM post WHERE done = 0 ORDER BY id"
            ).map { row in
                Post(
                    id: row["id"], type: row["type"], delivery: row["delivery"], app: row["app"], body: row["body"],
                    attempts: row["attempts"], updated: Date(timeIntervalSince1970: row["updated"]))
            }
        }
    }

    /// Counts an attempt before it is made, so a crash during it is not forgotten.
    func recordAttempt(of id: Int64, now: Date) throws {
        try database.write { db in
            try db.execute(
                sql: "UPDATE post SET attempts = attempts + 1, updated = ? WHERE id = ?",
                arguments: [now.timeIntervalSince1970, id])
        }
    }

    /// Marks a post sent or abandoned: it is not sent again.
    func finish(_ id: Int64, now: Date) throws {
        try database.write { db in
            try db.execute(
                sql: "UPDATE post SET done = 1, updated = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, id])
        }
    }
}
