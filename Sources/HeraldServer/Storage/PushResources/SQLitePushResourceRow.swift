import Foundation
import GRDB
import PushService

/// The rows of ``SQLitePushResources`` read into the push service's values, and
/// written from them.
enum SQLitePushResourceRow {
    /// A `push_resource` row.
    static func resource(_ row: Row) throws -> PushResource {
        guard let agent = PushAgent(stored: row["agent"]) else {
            throw PushServiceError(.storeFailure, "a push resource's receiver \(row["agent"] as String? ?? "") is unreadable")
        }
        return PushResource(
            token: row["token"], agent: agent, channel: row["channel"], applicationServerKey: row["application_server_key"],
            createdAt: Date(timeIntervalSinceReferenceDate: row["created_at"]))
    }

    /// A `push_message` row.
    static func message(_ row: Row) -> PushResourceMessage {
        let encoding = (row["encoding"] as String?).map {
            PushContentEncoding(name: $0, encryption: row["encryption"], cryptoKey: row["crypto_key"])
        }
        return PushResourceMessage(
            id: row["id"], resource: row["resource"], channel: row["channel"], body: row["body"], encoding: encoding,
            urgency: row["urgency"], topic: row["topic"],
            expiresAt: (row["expires_at"] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)),
            wantsReceipt: row["wants_receipt"], isSent: row["is_sent"])
    }

    /// Writes `message` after the others of `agent`, not yet sent.
    static func insert(_ message: PushResourceMessage, for agent: PushAgent, in db: Database) throws {
        try db.run(
            sql: """
                INSERT INTO push_message (
                    id, agent, resource, channel, body, encoding, encryption, crypto_key, urgency, topic, expires_at,
                    wants_receipt, is_sent)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
                """,
            arguments: [
                message.id, agent.stored, message.resource, message.channel, message.body, message.encoding?.name,
                message.encoding?.encryption, message.encoding?.cryptoKey, message.urgency, message.topic,
                message.expiresAt?.timeIntervalSinceReferenceDate, message.wantsReceipt,
            ])
    }

    /// A `push_receipt` row's state.
    static func receipt(_ row: Row) -> PushReceipt? {
        switch row["state"] as String? {
        case "pending": .pending
        case "delivered": .delivered(Date(timeIntervalSinceReferenceDate: row["delivered_at"] ?? 0))
        case "dropped": .dropped
        default: nil
        }
    }
}
