package import Foundation
import Logging
import NotificationModel
package import PostgresNIO
import Synchronization

/// One node's connections to a PostgreSQL database, for the engine's store and
/// the daemon's records alike: a pool of connections for blocking transactions
/// (``transaction(begin:_:)``), the schema's migrations by component
/// (``migrate(component:_:)``), connections of their own for locks held across
/// awaits (``connect()``) and for listening (``listen(on:_:)``).
///
/// A server that cannot be reached, or a connection lost, is thrown as
/// ``NotificationError/Code/serviceUnavailable`` (the server rolls the
/// transaction back, unless the connection was lost while it committed); every
/// other failure as ``NotificationError/Code/storeFailure``.
package final class PostgresConnections: Sendable {
    private let pool: PostgresConnectionPool
    package let location: PostgresLocation
    private let logger = Logger(label: "herald.store.postgres")
    /// This node, as the rows it owns and the announcements it makes name it.
    package let node = UUID()
    /// The tasks of background connections, cancelled when the database closes.
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Reads `url` (see ``PostgresLocation`` for its form); connects when first used.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the URL is not usable.
    package init(url: String, connections: Int = 16) throws {
        location = try PostgresLocation(url: url)
        pool = PostgresConnectionPool(location: location, capacity: connections, logger: logger)
    }

    deinit {
        close()
    }

    /// The database URL, without its password.
    package var description: String { location.description }

    /// The schema's name, which announcements carry so that schemas sharing a
    /// database tell theirs apart.
    package var schema: String { location.schema }

    /// Runs `body` in a transaction started with `begin`, on one connection of
    /// the pool: committed when it returns, rolled back when it throws.
    package func transaction<T>(begin: String, _ body: (PostgresStatements) throws -> T) throws -> T {
        try pool.withConnection { connection, isNew in
            let statements = PostgresStatements(connection: connection, logger: logger)
            do {
                try statements.execute(PostgresQuery(unsafeSQL: begin), "starting a transaction")
            } catch where !isNew && PostgresFailure.isConnectionLost(error) {
                // An idle connection the server dropped (a restart, an idle timeout):
                // nothing was sent that counts, so try again on a new one.
                throw PostgresConnectionPool.Retry()
            }
            let result: T
            do {
                result = try body(statements)
            } catch {
                _ = try? statements.execute("ROLLBACK", "rolling back")
                throw error
            }
            try statements.execute("COMMIT", "committing")
            return result
        }
    }

    /// Runs `body` in one transaction: `READ COMMITTED`, or, `readOnly`, a
    /// `REPEATABLE READ READ ONLY` snapshot.
    package func withTransaction<T>(readOnly: Bool = false, _ body: (PostgresStatements) throws -> T) throws -> T {
        try transaction(begin: readOnly ? Self.beginReading : Self.beginWriting, body)
    }

    /// How a writing transaction starts.
    package static let beginWriting = "BEGIN"
    /// How a reading transaction starts: a snapshot, like SQLite's readers.
    package static let beginReading = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    /// A new connection to the database, outside the pool, for a lock held
    /// across awaits (closing it releases the lock, as a crash would).
    package func connect() async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(
                configuration: location.configuration, id: Int.random(in: 1...Int.max), logger: logger)
        } catch {
            throw PostgresFailure.wrap(error, while: "connecting", ownCode: true)
        }
    }

    /// Keeps `tasks` (background connections) until the database closes, which
    /// cancels them.
    package func keep(_ tasks: [Task<Void, Never>]) {
        self.tasks.withLock { $0 += tasks }
    }

    /// Drops the schema and everything in it, for a test's throwaway schema.
    /// Refuses `public`, which holds more than Herald's tables.
    package func dropSchema() throws {
        guard location.schema != "public" else {
            throw NotificationError(.storeFailure, "PostgreSQL store: the public schema is not dropped")
        }
        _ = try transaction(begin: Self.beginWriting) { statements in
            try statements.execute(
                PostgresQuery(unsafeSQL: "DROP SCHEMA \(location.quotedSchema) CASCADE"), "dropping the schema")
        }
    }

    /// Cancels the background connections and closes the pool's.
    package func close() {
        let tasks = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        tasks.forEach { $0.cancel() }
        pool.close()
    }
}
