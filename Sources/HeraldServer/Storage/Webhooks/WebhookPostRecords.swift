import Foundation

/// Where a ``WebhookOutbox`` keeps its posts: ``WebhookPostFile`` (a node alone)
/// or ``PostgresWebhookPosts`` (every node on a database, each waiting post
/// leased to the node sending it).
protocol WebhookPostRecords: Sendable {
    /// Where the posts are, for messages.
    var description: String { get }

    /// Adds a post whose body `makeBody` writes given the post's number; `nil`
    /// when one of this type for this delivery is already there (waiting, sent
    /// or abandoned).
    func enqueue(
        type: String, delivery: String, app: String, now: Date, makeBody: (Int64) throws -> Data
    ) throws -> WebhookOutbox.Post?

    /// Adds `posts` in one transaction, all or none; returns those added.
    func enqueue(_ posts: [WebhookOutbox.NewPost], now: Date) throws -> [WebhookOutbox.Post]

    /// The posts not yet sent nor abandoned that this node may send, oldest first.
    func waiting() throws -> [WebhookOutbox.Post]

    /// Extends this node's leases on its waiting posts.
    func renewLeases() throws

    /// Gives up this node's waiting posts, for another node to take over at once:
    /// the node is stopping.
    func releaseLeases() throws

    /// Counts an attempt before it is made; whether this node may make it.
    func recordAttempt(of id: Int64, now: Date) throws -> Bool

    /// Marks a post sent or abandoned: it is not sent again.
    func finish(_ id: Int64, now: Date) throws

    /// Makes `change` (an attempt counted or a post finished), returning once it is
    /// committed: for an attempt, whether this node may make it.
    func record(_ change: WebhookOutbox.Change) async throws -> Bool
}

extension WebhookPostRecords {
    /// Makes `change` in a transaction of its own, on the calling thread.
    func record(_ change: WebhookOutbox.Change) async throws -> Bool {
        switch change {
        case .attempt(let id, let now):
            return try recordAttempt(of: id, now: now)
        case .finish(let id, let now):
            try finish(id, now: now)
            return true
        }
    }
}
