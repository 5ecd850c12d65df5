import Foundation
import GRDB

/// The webhook posts of a node alone, in `webhooks.sqlite` in the data directory
/// (table `post`), so that a post not yet accepted when the daemon stops or
/// crashes is sent when it starts again. No other daemon sends them: there are
/// no leases.
final class WebhookPostFile: WebhookPostRecords {
    private let database: DatabaseQueue
    let description: String

    /// Opens (creating if needed) the outbox at `path` and forgets posts done
    /// more than ``retention`` before `now`.
    ///
    /// - Throws: ``DaemonError`` when the file cannot be opened or migrated.
    init(path: String, now: Date) throws {
        description = path
        do {
            var configuration = Configuration()
            configuration.journalMode = .wal
            configuration.busyMode = .timeout(5)
            configuration.label = "Herald.WebhookOutbox"
            // A post is recorded on the engine's firing path: no fsync per post. GRDB
            // opens WAL databases with `synchronous = NORMAL`, under which a committed
            // post still survives the process being killed.
            let database = try DatabaseQueue(path: path, configuration: configuration)
            self.database = database
            try Self.migrator.migrate(database)
            try database.write { db in
                try db.execute(
                    sql: "DELETE FROM post WHERE done = 1 AND updated < ?",
                    arguments: [now.timeIntervalSince1970 - WebhookOutbox.retention])
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

    func enqueue(
        type: String, delivery: String, app: String, now: Date, makeBody: (Int64) throws -> Data
    ) throws -> WebhookOutbox.Post? {
        try database.write { db in
            try db.run(
                sql: """
                    INSERT INTO post (type, delivery, app, body, updated) VALUES (?, ?, ?, x'', ?)
                    ON CONFLICT (type, delivery) DO NOTHING
                    """,
                arguments: [type, delivery, app, now.timeIntervalSince1970])
            guard db.changesCount > 0 else { return nil }
            let id = db.lastInsertedRowID
            let body = try makeBody(id)
            try db.run(sql: "UPDATE post SET body = ? WHERE id = ?", arguments: [body, id])
            return WebhookOutbox.Post(id: id, type: type, delivery: delivery, app: app, body: body, attempts: 0, updated: now)
        }
    }

    func waiting() throws -> [WebhookOutbox.Post] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, type, delivery, app, body, attempts, updated FROM post WHERE done = 0 ORDER BY id"
            ).map { row in
                WebhookOutbox.Post(
                    id: row["id"], type: row["type"], delivery: row["delivery"], app: row["app"], body: row["body"],
                    attempts: row["attempts"], updated: Date(timeIntervalSince1970: row["updated"]))
            }
        }
    }

    func recordAttempt(of id: Int64, now: Date) throws -> Bool {
        try database.write { db in
            try db.run(
                sql: "UPDATE post SET attempts = attempts + 1, updated = ? WHERE id = ?",
                arguments: [now.timeIntervalSince1970, id])
        }
        return true
    }

    func finish(_ id: Int64, now: Date) throws {
        try database.write { db in
            try db.run(
                sql: "UPDATE post SET done = 1, updated = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, id])
        }
    }

    func renewLeases() {}

    func releaseLeases() {}
}
