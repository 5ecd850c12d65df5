import Foundation
import NIOCore
import PostgresNIO
import PushService

/// Push resources, their messages and receipts as ``PostgresPushResources`` keeps
/// them in rows: dates as seconds since the reference date
/// (`Date.timeIntervalSinceReferenceDate`, which round-trips bit for bit), bodies
/// and keys as `bytea`, a message's encoding in three columns.
enum PostgresPushResourceRow {
    /// The columns of `push_resources` a ``PushResource`` is read from, in order.
    static let resourceColumns = "token, agent, channel, application_server_key, created_at"

    /// The columns of `push_resource_messages` a ``PushResourceMessage`` is read
    /// from, in order, its `position` first.
    static let messageColumns = """
        position, id, resource, channel, body, encoding, encryption, crypto_key, urgency, topic, expires_at,
        wants_receipt, is_sent
        """

    /// The resource a row of ``resourceColumns`` holds.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure` for a receiver that is not `ua:…` or `up:…`.
    static func resource(_ row: PostgresRow) throws -> PushResource {
        let (token, agent, channel, key, createdAt) = try row.decode((String, String, String, Data?, Double).self)
        guard let agent = PushAgent(stored: agent) else {
            throw PushServiceError(.storeFailure, "the push resource \(token) has no receiver Herald knows: \(agent)")
        }
        return PushResource(
            token: token, agent: agent, channel: channel, applicationServerKey: key,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt))
    }

    /// The message a row of ``messageColumns`` holds, and its position.
    static func message(_ row: PostgresRow) throws -> (position: Int64, message: PushResourceMessage) {
        let (
            position, id, resource, channel, body, encoding, encryption, cryptoKey, urgency, topic, expiresAt, wantsReceipt,
            isSent
        ) = try row.decode(
            (Int64, String, String, String, Data, String?, String?, String?, String, String?, Double?, Bool, Bool).self)
        let message = PushResourceMessage(
            id: id, resource: resource, channel: channel, body: body,
            encoding: encoding.map { PushContentEncoding(name: $0, encryption: encryption, cryptoKey: cryptoKey) },
            urgency: urgency, topic: topic, expiresAt: expiresAt.map(Date.init(timeIntervalSinceReferenceDate:)),
            wantsReceipt: wantsReceipt, isSent: isSent)
        return (position, message)
    }

    /// The messages of rows of ``messageColumns``, in the order of their positions.
    static func messages(_ rows: [(position: Int64, message: PushResourceMessage)]) -> [PushResourceMessage] {
        rows.sorted { $0.position < $1.position }.map(\.message)
    }

    /// A receipt as stored: its state, and when it was delivered.
    static func receipt(state: String, deliveredAt: Double?) throws -> PushReceipt {
        switch (state, deliveredAt) {
        case ("pending", _): .pending
        case ("delivered", let time?): .delivered(Date(timeIntervalSinceReferenceDate: time))
        case ("dropped", _): .dropped
        default: throw PushServiceError(.storeFailure, "a push receipt in a state Herald does not know: \(state)")
        }
    }

    /// A body or key as a `bytea` parameter.
    static func bytes(_ data: Data) -> ByteBuffer {
        ByteBuffer(bytes: data)
    }
}
