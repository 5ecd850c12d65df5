import Foundation
import GRDB
import PushService

/// The push resources of a node alone, and the messages waiting on them, in
/// `push-queue.sqlite` beside the device queues (``DeviceQueueSchema/version4``),
/// written in the same grouped transactions (``GroupedWrites``). Each call is all or
/// nothing; a message is in the file before the push service answers for it.
final class SQLitePushResources: PushResourceStore {
    private let database: DatabaseQueue
    private let writes: GroupedWrites
    private let followers = StoreFollowers<PushAgent>()

    /// The resources in the file of `queues`.
    init(sharing queues: SQLiteDeviceQueues) {
        database = queues.database
        writes = queues.writes
    }

    func subscribe(agent: PushAgent, channel: String, applicationServerKey: Data?, now: Date) async throws -> PushResource {
        try await writes.write("subscribing \(agent) to a push resource") { db in
            if let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM push_resource WHERE agent = ? AND channel = ?"),
                arguments: [agent.stored, channel])
            {
                let existing = try SQLitePushResourceRow.resource(row)
                if existing.applicationServerKey == applicationServerKey { return existing }
                try Self.removeResources(where: "token = ?", [existing.token], now: now, in: db)
            } else {
                let count = try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM push_resource WHERE agent = ?"), arguments: [agent.stored]) ?? 0
                guard count < PushResource.capacityPerAgent else { throw PushServiceError.tooManySubscriptions(agent) }
                let all = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM push_resource")) ?? 0
                guard all < PushResource.capacity else { throw PushServiceError.serviceFull }
            }
            let resource = PushResource(
                token: PushResource.makeToken(), agent: agent, channel: channel,
                applicationServerKey: applicationServerKey, createdAt: now)
            try db.run(
                sql: """
                    INSERT INTO push_resource (token, agent, channel, application_server_key, created_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [resource.token, agent.stored, channel, applicationServerKey, now.timeIntervalSinceReferenceDate])
            return resource
        }
    }

    func resource(token: String) async throws -> PushResource? {
        try read("reading a push resource") { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM push_resource WHERE token = ?"), arguments: [token])
                .map(SQLitePushResourceRow.resource)
        }
    }

    func resources(of agent: PushAgent) async throws -> [PushResource] {
        try read("reading the push resources of \(agent)") { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM push_resource WHERE agent = ? ORDER BY created_at, token"),
                arguments: [agent.stored]
            ).map(SQLitePushResourceRow.resource)
        }
    }

    func agents(of kind: PushAgent.Kind) async throws -> [PushAgent] {
        try read("reading the push receivers") { db in
            try String.fetchAll(
                db, sql: "SELECT DISTINCT agent FROM push_resource WHERE agent LIKE ? ORDER BY agent",
                arguments: ["\(kind.rawValue):%"]
            ).compactMap(PushAgent.init(stored:))
        }
    }

    func unsubscribe(agent: PushAgent, channel: String, now: Date) async throws -> PushResource? {
        try await writes.write("removing a push resource of \(agent)") { db in
            guard
                let resource = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM push_resource WHERE agent = ? AND channel = ?"),
                    arguments: [agent.stored, channel]
                ).map(SQLitePushResourceRow.resource)
            else { return nil }
            try Self.removeResources(where: "token = ?", [resource.token], now: now, in: db)
            return resource
        }
    }

    func remove(agent: PushAgent, now: Date) async throws {
        try await writes.write("removing the push resources of \(agent)") { db in
            try Self.removeResources(where: "agent = ?", [agent.stored], now: now, in: db)
        }
    }

    /// Removes the resources matching `condition` and their messages, whose receipts
    /// say dropped.
    private static func removeResources(
        where condition: String, _ arguments: StatementArguments, now: Date, in db: Database
    ) throws {
        try drop(
            where: "resource IN (SELECT token FROM push_resource WHERE \(condition))", arguments, now: now, in: db)
        try db.execute(sql: "DELETE FROM push_resource WHERE \(condition)", arguments: arguments)
    }

    /// Drops the messages matching `condition` undelivered: their receipts say so.
    private static func drop(
        where condition: String, _ arguments: StatementArguments, now: Date, in db: Database
    ) throws {
        try db.execute(
            sql: """
                UPDATE push_receipt SET state = 'dropped', keep_until = ?
                WHERE id IN (SELECT id FROM push_message WHERE wants_receipt = 1 AND \(condition))
                """,
            arguments: [now.addingTimeInterval(PushReceipt.lifetime).timeIntervalSinceReferenceDate] + arguments)
        try db.execute(sql: "DELETE FROM push_message WHERE \(condition)", arguments: arguments)
    }

    func enqueue(_ message: PushResourceMessage, for agent: PushAgent, isConnected: Bool, now: Date) async throws
        -> PushAgentQueue.Outcome
    {
        let outcome = try await writes.write("keeping a message for \(agent)") { db in
            try Self.keep(message, for: agent, isConnected: isConnected, now: now, in: db)
        }
        followers.announce(agent, after: outcome)
        return outcome
    }

    /// Keeps `message` as ``PushAgentQueue/enqueue(_:isConnected:now:)`` does.
    private static func keep(
        _ message: PushResourceMessage, for agent: PushAgent, isConnected: Bool, now: Date, in db: Database
    ) throws -> PushAgentQueue.Outcome {
        guard
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT agent FROM push_resource WHERE token = ?"), arguments: [message.resource])
                == agent.stored
        else { throw PushResourceRefusal(.notFound, "no push resource has this URL") }
        let receiptUntil = now.addingTimeInterval(PushReceipt.lifetime).timeIntervalSinceReferenceDate
        if message.isNowOrNever && !isConnected {
            if message.wantsReceipt {
                try db.run(
                    sql: "INSERT INTO push_receipt (id, state, keep_until) VALUES (?, 'dropped', ?)",
                    arguments: [message.id, receiptUntil])
            }
            return .notConnected
        }
        var replaced: [String] = []
        if let topic = message.topic {
            replaced = try String.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM push_message WHERE resource = ? AND topic = ? ORDER BY position"),
                arguments: [message.resource, topic])
            if !replaced.isEmpty {
                try drop(where: "resource = ? AND topic = ?", [message.resource, topic], now: now, in: db)
            }
        }
        let count = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM push_message WHERE agent = ?"), arguments: [agent.stored]) ?? 0
        guard count < PushAgentQueue.capacity else { throw PushResourceRefusal.tooManyMessages }
        let onResource = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM push_message WHERE resource = ?"), arguments: [message.resource]) ?? 0
        guard onResource < PushAgentQueue.capacityPerResource else { throw PushResourceRefusal.tooManyOnResource }
        try SQLitePushResourceRow.insert(message, for: agent, in: db)
        if message.wantsReceipt {
            try db.run(sql: "INSERT INTO push_receipt (id, state) VALUES (?, 'pending')", arguments: [message.id])
        }
        return replaced.isEmpty ? .queued : .replaced(replaced)
    }

    func takeUnsent(agent: PushAgent, now: Date) async throws -> [PushResourceMessage] {
        try await writes.write("taking the messages to send to \(agent)") { db in
            try Self.drop(
                where: "agent = ? AND expires_at <= ?", [agent.stored, now.timeIntervalSinceReferenceDate], now: now, in: db)
            let messages = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM push_message WHERE agent = ? AND is_sent = 0 ORDER BY position"),
                arguments: [agent.stored]
            ).map(SQLitePushResourceRow.message)
            try db.run(sql: "UPDATE push_message SET is_sent = 1 WHERE agent = ? AND is_sent = 0", arguments: [agent.stored])
            return messages.map { message in
                var sent = message
                sent.isSent = true
                return sent
            }
        }
    }

    func acknowledge(agent: PushAgent, id: String, now: Date) async throws -> Bool {
        try await writes.write("forgetting a message \(agent) acknowledged") { db in
            try db.run(
                sql: """
                    UPDATE push_receipt SET state = 'delivered', delivered_at = ?, keep_until = ?
                    WHERE id = (SELECT id FROM push_message WHERE agent = ? AND id = ? AND wants_receipt = 1)
                    """,
                arguments: [
                    now.timeIntervalSinceReferenceDate,
                    now.addingTimeInterval(PushReceipt.lifetime).timeIntervalSinceReferenceDate, agent.stored, id,
                ])
            try db.run(sql: "DELETE FROM push_message WHERE agent = ? AND id = ?", arguments: [agent.stored, id])
            return db.changesCount > 0
        }
    }

    func disconnected(agent: PushAgent, now: Date) async throws {
        try await writes.write("putting back the messages sent to \(agent)") { db in
            try Self.drop(where: "agent = ? AND expires_at IS NULL", [agent.stored], now: now, in: db)
            try db.run(sql: "UPDATE push_message SET is_sent = 0 WHERE agent = ? AND is_sent = 1", arguments: [agent.stored])
        }
    }

    func dropExpired(now: Date) async throws {
        try await writes.write("dropping expired messages") { db in
            let time = now.timeIntervalSinceReferenceDate
            try Self.drop(where: "expires_at <= ?", [time], now: now, in: db)
            try db.execute(sql: "DELETE FROM push_receipt WHERE keep_until <= ?", arguments: [time])
        }
    }

    func receipt(id: String) async throws -> PushReceipt? {
        try read("reading a receipt") { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT state, delivered_at FROM push_receipt WHERE id = ?"), arguments: [id]
            ).flatMap(SQLitePushResourceRow.receipt)
        }
    }

    func follow(_ handler: @escaping @Sendable (PushAgent?) -> Void) {
        followers.add(handler)
    }

    /// The receiver's messages, in order: for tests comparing the store with the model.
    func queue(of agent: PushAgent) throws -> PushAgentQueue {
        PushAgentQueue(
            messages: try read("reading the messages of \(agent)") { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM push_message WHERE agent = ? ORDER BY position", arguments: [agent.stored]
                ).map(SQLitePushResourceRow.message)
            })
    }


    /// Reads with `body`, outside the writes.
    private func read<T>(_ action: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        try PushStoreFailure.guarding(action()) { try database.read(body) }
    }
}
