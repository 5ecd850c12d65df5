import Foundation
import PostgresNIO
import PostgresSupport
import PushService

extension PostgresPushResources {
    /// Keeps `message` as ``PushAgentQueue/enqueue(_:isConnected:now:)`` decides,
    /// on the receiver's messages as the other nodes left them: its row is locked first.
    func enqueue(_ message: PushResourceMessage, for agent: PushAgent, isConnected: Bool, now: Date) throws
        -> PushAgentQueue.Outcome
    {
        try write("keeping a message for \(agent)") { statements in
            guard try lock(agent, in: statements), try holds(agent, message.resource, in: statements) else {
                throw PushResourceRefusal.notFound
            }
            if message.isNowOrNever && !isConnected {
                if message.wantsReceipt { try record(.dropped, for: [message.id], now: now, in: statements) }
                return .notConnected
            }
            let replaced = try replace(with: message, now: now, in: statements)
            try append(message, for: agent, in: statements)
            if message.wantsReceipt { try record(.pending, for: [message.id], now: now, in: statements) }
            try database.announce(.pushAgent(agent), in: statements)
            return replaced.isEmpty ? .queued : .replaced(replaced)
        }
    }

    /// Drops the messages on `message`'s resource with its topic, sent or not; their
    /// identifiers, in order.
    private func replace(with message: PushResourceMessage, now: Date, in statements: PostgresStatements) throws
        -> [String]
    {
        guard let topic = message.topic else { return [] }
        let replaced = try statements.rows(
            """
            DELETE FROM push_resource_messages WHERE resource = \(message.resource) AND topic = \(topic)
            RETURNING position, id, wants_receipt
            """,
            "dropping the messages a newer one with their topic replaces"
        ) { try $0.decode((Int64, String, Bool).self) }.sorted { $0.0 < $1.0 }
        try drop(replaced.map { (id: $0.1, wantsReceipt: $0.2) }, now: now, in: statements)
        return replaced.map(\.1)
    }

    /// Puts `message` after the receiver's others, unsent, if fewer than
    /// ``PushAgentQueue/capacity`` wait, and ``PushAgentQueue/capacityPerResource`` on its resource.
    private func append(_ message: PushResourceMessage, for agent: PushAgent, in statements: PostgresStatements) throws {
        let (count, onResource) = try statements.rows(
            """
            SELECT count(*), count(*) FILTER (WHERE resource = \(message.resource))
            FROM push_resource_messages WHERE agent = \(agent.stored)
            """,
            "counting the messages of \(agent)"
        ) { try $0.decode((Int64, Int64).self) }.first ?? (Int64(0), Int64(0))
        guard count < PushAgentQueue.capacity else { throw PushResourceRefusal.tooManyMessages }
        guard onResource < PushAgentQueue.capacityPerResource else { throw PushResourceRefusal.tooManyOnResource }
        try statements.execute(
            """
            INSERT INTO push_resource_messages (
                id, agent, resource, channel, body, encoding, encryption, crypto_key, urgency, topic, expires_at,
                wants_receipt, is_sent)
            VALUES (
                \(message.id), \(agent.stored), \(message.resource), \(message.channel), \(PostgresPushResourceRow.bytes(message.body)),
                \(message.encoding?.name), \(message.encoding?.encryption), \(message.encoding?.cryptoKey), \(message.urgency),
                \(message.topic), \(message.expiresAt?.timeIntervalSinceReferenceDate), \(message.wantsReceipt), false)
            """,
            "keeping a message for \(agent)")
    }

    /// Whether `agent` holds the resource `token`.
    private func holds(_ agent: PushAgent, _ token: String, in statements: PostgresStatements) throws -> Bool {
        try !statements.rows(
            "SELECT 1 FROM push_resources WHERE token = \(token) AND agent = \(agent.stored)",
            "looking the push resource up"
        ) { _ in () }.isEmpty
    }
}
