import Foundation
import Logging
import PostgresNIO
import PostgresSupport

/// The store's side of sharing a database: it listens for other engines'
/// announcements and renews this engine's outbox leases, each on a connection
/// of its own, reconnecting with backoff when the server goes away.
extension PostgresStore {
    package func startCoordinating(_ handler: @escaping @Sendable (CoordinationSignal) -> Void) {
        // The tasks hold what they need, not the store, so that the store can go
        // (and cancel them) when its engine goes.
        let logger = Logger(label: "herald.store.postgres.sharing")
        let context = SharingContext(schema: database.schema, node: node, logger: logger, handler: handler)
        let reconnector = PostgresReconnector(configuration: database.location.configuration, logger: logger)
        database.keep([
            Task { await reconnector.run(context.listen) },
            Task { await reconnector.run(context.renewLeases) },
        ])
    }

    package func coordinatedWrite<T>(_ body: (any CoordinatedTransaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", isReadOnly: false, body)
    }

    /// An announcement's payload: the schema, the announcing engine and the date
    /// (seconds since the reference date), separated by spaces.
    static func duePayload(schema: String, node: UUID, date: Date) -> String {
        "\(schema) \(node.uuidString) \(date.timeIntervalSinceReferenceDate)"
    }
}

/// What the sharing tasks work with.
struct SharingContext: Sendable {
    var schema: String
    var node: UUID
    var logger: Logger
    var handler: @Sendable (CoordinationSignal) -> Void

    /// Passes other engines' announcements of this schema to the handler; first
    /// a `dueChanged(nil)`, for what was announced while nobody listened.
    func listen(_ connection: PostgresConnection) async throws {
        try await connection.listen(on: PostgresStore.dueChannel) { notifications in
            handler(.dueChanged(nil))
            for try await notification in notifications {
                let fields = notification.payload.split(separator: " ")
                guard fields.count == 3, fields[0] == schema, fields[1] != node.uuidString,
                    let seconds = Double(fields[2])
                else { continue }
                handler(.dueChanged(Date(timeIntervalSinceReferenceDate: seconds)))
            }
        }
    }

    /// Every ``PostgresStore/outboxRenewal``: extends this engine's leases and
    /// tells the handler when another engine's have run out.
    func renewLeases(_ connection: PostgresConnection) async throws {
        let now = "extract(epoch FROM clock_timestamp())"
        while !Task.isCancelled {
            try await connection.query(
                """
                UPDATE outbox SET lease_until = \(unescaped: now) + \(PostgresStore.outboxLease)
                WHERE owner = \(node)
                """,
                logger: logger)
            let abandoned = try await connection.query(
                "SELECT EXISTS (SELECT 1 FROM outbox WHERE owner <> \(node) AND lease_until < \(unescaped: now))",
                logger: logger)
            for try await found in abandoned.decode(Bool.self) where found {
                handler(.outboxAbandoned)
            }
            try await Task.sleep(for: PostgresStore.outboxRenewal)
        }
    }
}
