import Foundation
import PostgresNIO
import PostgresSupport
import PushService

extension PostgresPushResources {
    /// Locks the receiver's row until the transaction ends; whether it has one (a
    /// receiver without holds no resource and no message).
    func lock(_ agent: PushAgent, in statements: PostgresStatements) throws -> Bool {
        try !statements.rows(
            "SELECT 1 FROM push_resource_agents WHERE agent = \(agent.stored) FOR UPDATE",
            "locking the push resources of \(agent)"
        ) { _ in () }.isEmpty
    }

    /// The resource of `agent` for `channel`, if any.
    func resource(of agent: PushAgent, channel: String, in statements: PostgresStatements) throws -> PushResource? {
        try statements.rows(
            """
            SELECT \(unescaped: PostgresPushResourceRow.resourceColumns) FROM push_resources
            WHERE agent = \(agent.stored) AND channel = \(channel)
            """,
            "reading the push resource of \(agent) for \(channel)", PostgresPushResourceRow.resource
        ).first
    }

    /// How many resources `agent` holds.
    func count(of agent: PushAgent, in statements: PostgresStatements) throws -> Int {
        Int(
            try statements.rows(
                "SELECT count(*) FROM push_resources WHERE agent = \(agent.stored)",
                "counting the push resources of \(agent)"
            ) { try $0.decode(Int64.self) }.first ?? 0)
    }

    /// Removes `resource` and its messages, dropped undelivered at `now`.
    func delete(_ resource: PushResource, now: Date, in statements: PostgresStatements) throws {
        try drop(
            statements.rows(
                "DELETE FROM push_resource_messages WHERE resource = \(resource.token) RETURNING id, wants_receipt",
                "dropping the messages of a push resource", Self.dropped),
            now: now, in: statements)
        try statements.execute(
            "DELETE FROM push_resources WHERE token = \(resource.token)", "removing a push resource of \(resource.agent)")
    }

    /// A message deleted, as `RETURNING id, wants_receipt` gives it.
    static func dropped(_ row: PostgresRow) throws -> (id: String, wantsReceipt: Bool) {
        try row.decode((String, Bool).self)
    }

    /// Records the messages deleted undelivered at `now`: dropped, for those whose
    /// application server asked a receipt.
    func drop(_ messages: [(id: String, wantsReceipt: Bool)], now: Date, in statements: PostgresStatements) throws {
        let receipts = messages.filter(\.wantsReceipt).map(\.id)
        guard !receipts.isEmpty else { return }
        try record(.dropped, for: receipts, now: now, in: statements)
    }

    /// Sets the receipts of messages `ids` to `receipt`, decided at `now` (kept
    /// ``PushReceipt/lifetime`` from then), or pending.
    func record(_ receipt: PushReceipt, for ids: [String], now: Date, in statements: PostgresStatements) throws {
        let (state, deliveredAt): (String, Double?) =
            switch receipt {
            case .pending: ("pending", nil)
            case .delivered(let time): ("delivered", time.timeIntervalSinceReferenceDate)
            case .dropped: ("dropped", nil)
            }
        let keepUntil = receipt == .pending ? nil : now.addingTimeInterval(PushReceipt.lifetime).timeIntervalSinceReferenceDate
        try statements.execute(
            """
            INSERT INTO push_receipts (id, state, delivered_at, keep_until)
            SELECT unnest(\(ids)::text[]), \(state), \(deliveredAt), \(keepUntil)
            ON CONFLICT (id) DO UPDATE
            SET state = excluded.state, delivered_at = excluded.delivered_at, keep_until = excluded.keep_until
            """,
            "recording push receipts")
    }

    /// Runs `body` in one transaction; a failure is ``PushServiceError`` `storeFailure`.
    func write<T>(_ action: @autoclosure () -> String, _ body: (PostgresStatements) throws -> T) throws -> T {
        try PushStoreFailure.guarding(action()) { try database.write(body) }
    }

    /// Runs `body` in one read-only transaction; a failure is ``PushServiceError`` `storeFailure`.
    func read<T>(_ action: @autoclosure () -> String, _ body: (PostgresStatements) throws -> T) throws -> T {
        try PushStoreFailure.guarding(action()) { try database.read(body) }
    }
}
