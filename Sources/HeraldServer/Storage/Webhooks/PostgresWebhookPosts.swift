import Foundation
import NIOCore
import NotificationEngine
import PostgresNIO
import PostgresSupport

/// The webhook posts of the nodes sharing a database (`webhook_posts`, or
/// `webpush_posts` for Web Push messages, ``DaemonDatabase``). Each waiting post is leased to the node sending it
/// (`owner`, `lease_until` in the database's clock): the node that records a
/// post owns it, renews its leases every ``WebhookOutbox/renewal``, and gives
/// them up when it stops. A node that dies stops renewing; after
/// ``WebhookOutbox/lease`` another node's ``waiting()`` takes its posts over.
struct PostgresWebhookPosts: WebhookPostRecords {
    let database: DaemonDatabase
    /// The node whose leases these are.
    let node: UUID
    let description: String
    /// `webhook_posts` or `webpush_posts`.
    private let table: Table

    /// The tables of posts, one per kind.
    enum Table: String {
        case webhooks = "webhook_posts"
        case webPush = "webpush_posts"
    }

    /// The posts in the shared database, for the node `node`; forgets posts done
    /// more than ``retention`` before `now`.
    ///
    /// - Throws: ``NotificationError`` when the database cannot be reached.
    init(database: DaemonDatabase, node: UUID, now: Date, table: Table = .webhooks) throws {
        self.database = database
        self.node = node
        self.table = table
        description = "\(table.rawValue) in \(database.postgres.description)"
        try database.write { statements in
            try statements.execute(
                "DELETE FROM \(unescaped: table.rawValue) WHERE done AND updated < \(now.timeIntervalSince1970 - WebhookOutbox.retention)",
                "forgetting old webhook posts")
        }
    }

    func enqueue(
        type: String, delivery: String, app: String, now: Date, makeBody: (Int64) throws -> Data
    ) throws -> WebhookOutbox.Post? {
        try database.write { statements in
            let inserted = try statements.rows(
                """
                INSERT INTO \(unescaped: table.rawValue) (type, delivery, app, body, updated, owner, lease_until)
                VALUES (\(type), \(delivery), \(app), '', \(now.timeIntervalSince1970), \(node),
                    \(unescaped: Self.databaseNow) + \(WebhookOutbox.lease))
                ON CONFLICT (type, delivery) DO NOTHING RETURNING id
                """,
                "recording the \(type) webhook post of \(delivery)"
            ) { try $0.decode(Int64.self) }
            guard let id = inserted.first else { return nil }
            let body = try makeBody(id)
            try statements.execute(
                "UPDATE \(unescaped: table.rawValue) SET body = \(ByteBuffer(bytes: body)) WHERE id = \(id)",
                "writing the webhook post \(id)")
            return WebhookOutbox.Post(id: id, type: type, delivery: delivery, app: app, body: body, attempts: 0, updated: now)
        }
    }

    func enqueue(_ posts: [WebhookOutbox.NewPost], now: Date) throws -> [WebhookOutbox.Post] {
        try database.write { statements in
            try posts.compactMap { post in
                let inserted = try statements.rows(
                    """
                    INSERT INTO \(unescaped: table.rawValue) (type, delivery, app, body, updated, owner, lease_until)
                    VALUES (\(post.type), \(post.delivery), \(post.app), \(ByteBuffer(bytes: post.body)), \(now.timeIntervalSince1970),
                        \(node), \(unescaped: Self.databaseNow) + \(WebhookOutbox.lease))
                    ON CONFLICT (type, delivery) DO NOTHING RETURNING id
                    """,
                    "recording the \(post.type) webhook post of \(post.delivery)"
                ) { try $0.decode(Int64.self) }
                return inserted.first.map { id in
                    WebhookOutbox.Post(
                        id: id, type: post.type, delivery: post.delivery, app: post.app, body: post.body, attempts: 0,
                        updated: now)
                }
            }
        }
    }

    func waiting() throws -> [WebhookOutbox.Post] {
        try database.write { statements in
            try statements.rows(
                """
                UPDATE \(unescaped: table.rawValue) SET owner = \(node), lease_until = \(unescaped: Self.databaseNow) + \(WebhookOutbox.lease)
                WHERE NOT done AND owner IS DISTINCT FROM \(node) AND lease_until < \(unescaped: Self.databaseNow)
                RETURNING id, type, delivery, app, body, attempts, updated
                """,
                "taking over waiting webhook posts"
            ) { row in
                let (id, type, delivery, app, body, attempts, updated) = try row.decode(
                    (Int64, String, String, String, Data, Int, Double).self)
                return WebhookOutbox.Post(
                    id: id, type: type, delivery: delivery, app: app, body: body, attempts: attempts,
                    updated: Date(timeIntervalSince1970: updated))
            }.sorted { $0.id < $1.id }
        }
    }

    func recordAttempt(of id: Int64, now: Date) throws -> Bool {
        try database.write { statements in
            try statements.execute(
                """
                UPDATE \(unescaped: table.rawValue) SET attempts = attempts + 1, updated = \(now.timeIntervalSince1970),
                    lease_until = \(unescaped: Self.databaseNow) + \(WebhookOutbox.lease)
                WHERE id = \(id) AND owner = \(node) AND NOT done
                """,
                "counting an attempt of the webhook post \(id)") == 1
        }
    }

    func finish(_ id: Int64, now: Date) throws {
        try database.write { statements in
            try statements.execute(
                "UPDATE \(unescaped: table.rawValue) SET done = true, updated = \(now.timeIntervalSince1970) WHERE id = \(id)",
                "finishing the webhook post \(id)")
        }
    }

    /// Extends this node's leases on its waiting posts.
    func renewLeases() throws {
        try database.write { statements in
            try statements.execute(
                """
                UPDATE \(unescaped: table.rawValue) SET lease_until = \(unescaped: Self.databaseNow) + \(WebhookOutbox.lease)
                WHERE owner = \(node) AND NOT done
                """,
                "renewing the webhook posts' leases")
        }
    }

    /// Gives up this node's waiting posts, for another node to take over at once
    ///: the node is stopping.
    func releaseLeases() throws {
        try database.write { statements in
            try statements.execute(
                "UPDATE \(unescaped: table.rawValue) SET lease_until = 0 WHERE owner = \(node) AND NOT done",
                "giving up the webhook posts' leases")
        }
    }


    /// The database's clock, seconds since 1970: leases are measured by it, so
    /// nodes' clocks do not matter.
    private static let databaseNow = "extract(epoch FROM clock_timestamp())"
}
