import Foundation
import GRDB
import NotificationEngine
import PostgresNIO

/// The webhook posts the daemon owes, kept in `webhooks.sqlite` in the data
/// directory, so that a post not yet accepted when the daemon stops or crashes is
/// sent when it starts again.
///
/// When several daemons share a database the posts are in it instead
/// (`webhook_posts`, ``DaemonDatabase``), and each waiting post is leased to the
/// node sending it: the node that records a post owns it, renews its leases
/// every ``renewal`` (``renewLeases()``), and gives them up when it stops
/// (``releaseLeases()``). A node that dies stops renewing; after ``lease`` another
/// node's ``waiting()`` takes its posts over and sends them from the attempt
/// they were at. A post whose attempt was cut off by the death is sent again:
/// receivers dedupe on `X-Herald-Delivery`, as after a restart.
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

    /// How long a node's posts stay its own without renewal, in seconds of the
    /// database's clock.
    static let lease = 1.0
    /// How often a node renews its leases and looks for posts to take over.
    static let renewal: Duration = .milliseconds(250)

    private enum Backend: Sendable {
        case file(DatabaseQueue)
        case shared(DaemonDatabase, node: UUID)
    }

    private let backend: Backend
    /// Where the posts are, for messages.
    let path: String

    /// Whether other daemons share the posts (leases are then renewed).
    var isShared: Bool {
        if case .shared = backend { true } else { false }
    }

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
            let database = try DatabaseQueue(path: path, configuration: configuration)
            backend = .file(database)
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

    /// The posts in the shared database, for the node `node`; forgets posts done
    /// more than ``retention`` before `now`.
    ///
    /// - Throws: ``NotificationError`` when the database cannot be reached.
    init(database: DaemonDatabase, node: UUID, now: Date) throws {
        backend = .shared(database, node: node)
        path = "webhook_posts in \(database.store.description)"
        try database.write { statements in
            try statements.execute(
                "DELETE FROM webhook_posts WHERE done AND updated < \(now.timeIntervalSince1970 - Self.retention)",
                "forgetting old webhook posts")
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
        switch backend {
        case .file(let database):
            return try database.write { db in
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
        case .shared(let database, let node):
            return try database.write { statements in
                let inserted = try statements.rows(
                    """
                    INSERT INTO webhook_posts (type, delivery, app, body, updated, owner, lease_until)
                    VALUES (\(type), \(delivery), \(app), '', \(now.timeIntervalSince1970), \(node),
                        \(unescaped: Self.databaseNow) + \(Self.lease))
                    ON CONFLICT (type, delivery) DO NOTHING RETURNING id
                    """,
                    "recording the \(type) webhook post of \(delivery)"
                ) { try $0.decode(Int64.self) }
                guard let id = inserted.first else { return nil }
                let body = try makeBody(id)
                try statements.execute(
                    "UPDATE webhook_posts SET body = \(ByteBuffer(bytes: body)) WHERE id = \(id)",
                    "writing the webhook post \(id)")
                return Post(id: id, type: type, delivery: delivery, app: app, body: body, attempts: 0, updated: now)
            }
        }
    }

    /// The database's clock, seconds since 1970: leases are measured by it, so
    /// nodes' clocks do not matter.
    private static let databaseNow = "extract(epoch FROM clock_timestamp())"

    /// The posts not yet sent nor abandoned, oldest first. When shared, those no
    /// node holds (left by a node that stopped or died), which this node now holds.
    func waiting() throws -> [Post] {
        switch backend {
        case .file(let database):
            return try database.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT id, type, delivery, app, body, attempts, updated FROM post WHERE done = 0 ORDER BY id"
                ).map { row in
                    Post(
                        id: row["id"], type: row["type"], delivery: row["delivery"], app: row["app"], body: row["body"],
                        attempts: row["attempts"], updated: Date(timeIntervalSince1970: row["updated"]))
                }
            }
        case .shared(let database, let node):
            return try database.write { statements in
                try statements.rows(
                    """
                    UPDATE webhook_posts SET owner = \(node), lease_until = \(unescaped: Self.databaseNow) + \(Self.lease)
                    WHERE NOT done AND owner IS DISTINCT FROM \(node) AND lease_until < \(unescaped: Self.databaseNow)
                    RETURNING id, type, delivery, app, body, attempts, updated
                    """,
                    "taking over waiting webhook posts"
                ) { row in
                    let (id, type, delivery, app, body, attempts, updated) = try row.decode(
                        (Int64, String, String, String, Data, Int, Double).self)
                    return Post(
                        id: id, type: type, delivery: delivery, app: app, body: body, attempts: attempts,
                        updated: Date(timeIntervalSince1970: updated))
                }.sorted { $0.id < $1.id }
            }
        }
    }

    /// Extends this node's leases on its waiting posts (shared only).
    func renewLeases() throws {
        guard case .shared(let database, let node) = backend else { return }
        try database.write { statements in
            try statements.execute(
                """
                UPDATE webhook_posts SET lease_until = \(unescaped: Self.databaseNow) + \(Self.lease)
                WHERE owner = \(node) AND NOT done
                """,
                "renewing the webhook posts' leases")
        }
    }

    /// Gives up this node's waiting posts, for another node to take over at once
    /// (shared only): the node is stopping.
    func releaseLeases() throws {
        guard case .shared(let database, let node) = backend else { return }
        try database.write { statements in
            try statements.execute(
                "UPDATE webhook_posts SET lease_until = 0 WHERE owner = \(node) AND NOT done",
                "giving up the webhook posts' leases")
        }
    }

    /// Counts an attempt before it is made, so a crash during it is not forgotten.
    ///
    /// - Returns: Whether this node may make it: `false` when the outbox is shared
    ///   and another node took the post over (this node's lease ran out while it
    ///   waited, say), or it is done.
    @discardableResult
    func recordAttempt(of id: Int64, now: Date) throws -> Bool {
        switch backend {
        case .file(let database):
            try database.write { db in
                try db.execute(
                    sql: "UPDATE post SET attempts = attempts + 1, updated = ? WHERE id = ?",
                    arguments: [now.timeIntervalSince1970, id])
            }
            return true
        case .shared(let database, let node):
            return try database.write { statements in
                try statements.execute(
                    """
                    UPDATE webhook_posts SET attempts = attempts + 1, updated = \(now.timeIntervalSince1970),
                        lease_until = \(unescaped: Self.databaseNow) + \(Self.lease)
                    WHERE id = \(id) AND owner = \(node) AND NOT done
                    """,
                    "counting an attempt of the webhook post \(id)") == 1
            }
        }
    }

    /// Marks a post sent or abandoned: it is not sent again.
    func finish(_ id: Int64, now: Date) throws {
        switch backend {
        case .file(let database):
            try database.write { db in
                try db.execute(
                    sql: "UPDATE post SET done = 1, updated = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, id])
            }
        case .shared(let database, _):
            try database.write { statements in
                try statements.execute(
                    "UPDATE webhook_posts SET done = true, updated = \(now.timeIntervalSince1970) WHERE id = \(id)",
                    "finishing the webhook post \(id)")
            }
        }
    }
}
