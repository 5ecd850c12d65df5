package import Foundation
import Logging
package import PostgresNIO
import Synchronization

/// The ``NotificationStoreKind/postgres(url:)`` store: Herald's tables in a
/// PostgreSQL database (its own schema if the URL names one), through
/// postgres-nio.
///
/// Each ``write(_:)`` is one PostgreSQL transaction (`READ COMMITTED`), committed
/// when the body returns and rolled back when it throws; each ``read(_:)`` one
/// `REPEATABLE READ READ ONLY` transaction, a snapshot like SQLite's readers. The
/// schema is migrated on open under an advisory lock, so nodes starting together
/// migrate it once. Dates are `double precision` seconds since the reference
/// date, as in the SQLite store, so they round-trip bit for bit; requests are in
/// ``RequestCoding``'s binary form. A server that cannot be reached, or a
/// connection lost, is thrown as ``NotificationError/Code/serviceUnavailable``
/// (the server rolls the transaction back, unless the connection was lost
/// while it committed); every other failure as
/// ``NotificationError/Code/storeFailure``.
///
/// Several engines may share the store (``CoordinatedStore``).
package final class PostgresStore: CoordinatedStore, Sendable {
    private let pool: PostgresConnectionPool
    let location: PostgresLocation
    private let logger = Logger(label: "herald.store.postgres")
    package let node = UUID()
    /// The tasks ``startCoordinating(_:)`` runs, cancelled when the store closes.
    let sharing = Mutex<[Task<Void, Never>]>([])

    /// How long an engine's outbox entries stay its own without renewal, in
    /// seconds: another engine claims them after that.
    static let outboxLease = 1.0
    /// How often an engine renews its leases and looks for abandoned entries.
    static let outboxRenewal: Duration = .milliseconds(250)
    /// The channel announcements go on (``CoordinatedTransaction/announceDue(_:)``).
    static let dueChannel = "herald_due"

    /// Connects to the database at `url` (see ``PostgresLocation`` for its form),
    /// creates the schema if needed and migrates it.
    ///
    /// - Throws: ``NotificationError/Code/serviceUnavailable`` when the server
    ///   cannot be reached; ``NotificationError/Code/storeFailure`` when the URL is
    ///   not usable, the server refuses the login, or the schema was migrated by a
    ///   later version of Herald.
    package init(url: String, connections: Int = 16) throws {
        location = try PostgresLocation(url: url)
        pool = PostgresConnectionPool(location: location, capacity: connections, logger: logger)
        try PostgresSchema.migrate(self)
    }

    deinit {
        close()
    }

    /// The database URL, without its password.
    package var description: String { location.description }

    package func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", isReadOnly: false, body)
    }

    package func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", isReadOnly: true, body)
    }

    /// Runs `body` with a transaction on one connection: the statements the
    /// store's own code runs (migrations, locks) go through it too.
    func transaction<T>(
        begin: String, isReadOnly: Bool, _ body: (PostgresTransaction) throws -> T
    ) throws -> T {
        try pool.withConnection { connection, isNew in
            let transaction = PostgresTransaction(
                connection: connection, logger: logger, isReadOnly: isReadOnly, node: node, schema: location.schema)
            do {
                try transaction.execute(PostgresQuery(unsafeSQL: begin), "starting a transaction")
            } catch where !isNew && PostgresStoreFailure.isConnectionLost(error) {
                // An idle connection the server dropped (a restart, an idle timeout):
                // nothing was sent that counts, so try again on a new one.
                throw PostgresConnectionPool.Retry()
            }
            let result: T
            do {
                result = try body(transaction)
            } catch {
                _ = try? transaction.execute("ROLLBACK", "rolling back")
                throw error
            }
            try transaction.execute("COMMIT", "committing")
            return result
        }
    }

    /// Runs `body` in one transaction of the store's database, for another
    /// component's tables in the same schema (the daemon's records): committed
    /// when it returns, rolled back when it throws, with the store's errors.
    package func withTransaction<T>(readOnly: Bool = false, _ body: (PostgresStatements) throws -> T) throws -> T {
        try transaction(
            begin: readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", isReadOnly: readOnly
        ) { try body(PostgresStatements(transaction: $0)) }
    }

    /// Runs the migrations of another component's tables (named `component.name`)
    /// that the schema lacks, as the engine's own are run.
    package func migrate(component: String, _ migrations: [(name: String, sql: String)]) throws {
        try PostgresSchema.migrate(
            self, component: component, migrations: migrations.map { ("\(component).\($0.name)", $0.sql) })
    }

    /// The schema's name, which announcements carry so that schemas sharing a
    /// database tell theirs apart.
    package var schema: String { location.schema }

    /// A new connection to the store's database, outside the pool, for a lock
    /// held across awaits (closing it releases the lock, as a crash would).
    package func connect() async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(
                configuration: location.configuration, id: Int.random(in: 1...Int.max), logger: logger)
        } catch {
            throw PostgresStoreFailure.wrap(error, while: "connecting", ownCode: true)
        }
    }

    /// Listens on `channel` on a connection of its own until the store closes,
    /// reconnecting with backoff: `handler` gets each notification's payload,
    /// and `nil` after each (re)connection, for what was sent while nobody listened.
    package func listen(on channel: String, _ handler: @escaping @Sendable (String?) -> Void) {
        let context = SharingContext(
            configuration: location.configuration, schema: location.schema, node: node,
            logger: Logger(label: "herald.store.postgres.listen"), handler: { _ in })
        let task = Task {
            await context.reconnecting { connection in
                try await connection.listen(on: channel) { notifications in
                    handler(nil)
                    for try await notification in notifications {
                        handler(notification.payload)
                    }
                }
            }
        }
        sharing.withLock { $0.append(task) }
    }

    /// Drops the store's schema and everything in it, for a test's throwaway
    /// schema. Refuses `public`, which holds more than Herald's tables.
    package func dropSchema() throws {
        guard location.schema != "public" else {
            throw NotificationError(.storeFailure, "PostgreSQL store: the public schema is not dropped")
        }
        _ = try transaction(begin: "BEGIN", isReadOnly: false) { transaction in
            try transaction.execute(
                PostgresQuery(unsafeSQL: "DROP SCHEMA \(location.quotedSchema) CASCADE"), "dropping the schema")
        }
    }

    /// Stops sharing and closes the store's connections.
    package func close() {
        let tasks = sharing.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        tasks.forEach { $0.cancel() }
        pool.close()
    }
}
