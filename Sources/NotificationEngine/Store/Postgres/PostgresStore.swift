package import Foundation
import PostgresNIO
package import PostgresSupport

/// The ``NotificationStoreKind/postgres(url:)`` store: Herald's tables in a
/// PostgreSQL database (its own schema if the URL names one), through
/// postgres-nio.
///
/// Each ``write(_:)`` is one PostgreSQL transaction (`READ COMMITTED`), committed
/// when the body returns and rolled back when it throws; each ``read(_:)`` one
/// `REPEATABLE READ READ ONLY` transaction, a snapshot like SQLite's readers, on
/// the connections of its ``PostgresConnections``, which the daemon's records share.
/// The schema is migrated on open under an advisory lock, so nodes starting
/// together migrate it once. Dates are `double precision` seconds since the reference
/// date, as in the SQLite store, so they round-trip bit for bit; requests are in
/// ``RequestCoding``'s binary form. A server that cannot be reached, or a
/// connection lost, is thrown as ``NotificationError/Code/serviceUnavailable``
/// (the server rolls the transaction back, unless the connection was lost
/// while it committed); every other failure as
/// ``NotificationError/Code/storeFailure``.
///
/// Several engines may share the store (``CoordinatedStore``).
package final class PostgresStore: CoordinatedStore, Sendable {
    /// The connections, migrations and listening, shared with the daemon's records.
    package let database: PostgresConnections
    /// This engine, as its outbox entries and announcements name it.
    package var node: UUID { database.node }

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
        database = try PostgresConnections(url: url, connections: connections)
        try database.migrate(component: nil, PostgresSchema.migrations)
    }

    deinit {
        close()
    }

    /// The database URL, without its password.
    package var description: String { database.description }

    package func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: PostgresConnections.beginWriting, isReadOnly: false, body)
    }

    package func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: PostgresConnections.beginReading, isReadOnly: true, body)
    }

    /// Runs `body` with a transaction on one connection: the statements the
    /// store's own code runs (migrations, locks) go through it too.
    func transaction<T>(
        begin: String, isReadOnly: Bool, _ body: (PostgresTransaction) throws -> T
    ) throws -> T {
        try database.transaction(begin: begin) { statements in
            try body(
                PostgresTransaction(statements: statements, isReadOnly: isReadOnly, node: node, schema: database.schema))
        }
    }

    /// The schema's name, which announcements carry so that schemas sharing a
    /// database tell theirs apart.
    package var schema: String { database.schema }

    /// Drops the store's schema and everything in it, for a test's throwaway
    /// schema. Refuses `public`, which holds more than Herald's tables.
    package func dropSchema() throws {
        try database.dropSchema()
    }

    /// Stops sharing and closes the store's connections.
    package func close() {
        database.close()
    }
}
