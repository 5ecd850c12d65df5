import Foundation

/// The webhook posts the daemon owes, kept in its ``WebhookPostRecords`` so that
/// a post not yet accepted when the daemon stops or crashes is sent when it
/// starts again: ``WebhookPostFile`` for a node alone, ``PostgresWebhookPosts``
/// when several daemons share a database.
///
/// Shared, each waiting post is leased to the node sending it: the node that
/// records a post owns it, renews its leases every ``renewal``
/// (``renewLeases()``), and gives them up when it stops (``releaseLeases()``). A
/// node that dies stops renewing; after ``lease`` another node's ``waiting()``
/// takes its posts over and sends them from the attempt they were at. A post whose attempt was cut off by the death is sent again:
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

    /// A post to add, its body written (``enqueue(_:now:)``).
    struct NewPost: Sendable, Hashable {
        let type: String
        let delivery: String
        let app: String
        let body: Data
    }

    /// What a sender changes of a post (``record(_:)``).
    enum Change: Sendable, Hashable {
        /// An attempt counted before it is made (``recordAttempt(of:now:)``).
        case attempt(of: Int64, now: Date)
        /// The post sent or abandoned (``finish(_:now:)``).
        case finish(Int64, now: Date)
    }

    /// How long a node's posts stay its own without renewal, in seconds of the
    /// database's clock.
    static let lease = 1.0
    /// How often a node renews its leases and looks for posts to take over.
    static let renewal: Duration = .milliseconds(250)

    private let records: any WebhookPostRecords
    /// Where the posts are, for messages.
    var path: String { records.description }
    /// Whether other daemons share the posts (leases are then renewed).
    let isShared: Bool

    init(records: any WebhookPostRecords, isShared: Bool) {
        self.records = records
        self.isShared = isShared
    }

    /// Opens (creating if needed) the outbox in the SQLite file at `path` and
    /// forgets posts done more than ``retention`` before `now`.
    ///
    /// - Throws: ``DaemonError`` when the file cannot be opened or migrated.
    convenience init(path: String, now: Date) throws {
        self.init(records: try WebhookPostFile(path: path, now: now), isShared: false)
    }

    /// The posts in the shared database, for the node `node`; forgets posts done
    /// more than ``retention`` before `now`.
    ///
    /// - Throws: ``NotificationError`` when the database cannot be reached.
    convenience init(database: DaemonDatabase, node: UUID, now: Date) throws {
        self.init(records: try PostgresWebhookPosts(database: database, node: node, now: now), isShared: true)
    }

    /// Adds a post whose body `makeBody` writes given the post's number; `nil`
    /// when one of this type for this delivery is already there (waiting, sent
    /// or abandoned).
    func enqueue(
        type: String, delivery: String, app: String, now: Date, makeBody: (Int64) throws -> Data
    ) throws -> Post? {
        try records.enqueue(type: type, delivery: delivery, app: app, now: now, makeBody: makeBody)
    }

    /// Adds `posts` in one transaction, all or (when it throws) none; returns those
    /// added: one whose type and delivery are already there (waiting, sent or
    /// abandoned) is not.
    func enqueue(_ posts: [NewPost], now: Date) throws -> [Post] {
        try records.enqueue(posts, now: now)
    }

    /// The posts not yet sent nor abandoned, oldest first. When shared, those no
    /// node holds (left by a node that stopped or died), which this node now holds.
    func waiting() throws -> [Post] {
        try records.waiting()
    }

    /// Extends this node's leases on its waiting posts (shared only).
    func renewLeases() throws {
        try records.renewLeases()
    }

    /// Gives up this node's waiting posts, for another node to take over at once
    /// (shared only): the node is stopping.
    func releaseLeases() throws {
        try records.releaseLeases()
    }

    /// Counts an attempt before it is made, so a crash during it is not forgotten.
    ///
    /// - Returns: Whether this node may make it: `false` when the outbox is shared
    ///   and another node took the post over (this node's lease ran out while it
    ///   waited, say), or it is done.
    @discardableResult
    func recordAttempt(of id: Int64, now: Date) throws -> Bool {
        try records.recordAttempt(of: id, now: now)
    }

    /// Marks a post sent or abandoned: it is not sent again.
    func finish(_ id: Int64, now: Date) throws {
        try records.finish(id, now: now)
    }

    /// Makes `change` as ``recordAttempt(of:now:)`` or ``finish(_:now:)`` do, and
    /// returns once it is committed; a node alone commits the changes of the posts
    /// being sent at the same time together, in one transaction.
    ///
    /// - Returns: For an attempt, whether this node may make it; `true` for a finish.
    func record(_ change: Change) async throws -> Bool {
        try await records.record(change)
    }
}
