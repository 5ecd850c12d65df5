import Foundation
import GRDB

/// The ``NotificationStoreKind/sqlite(path:)`` store: one SQLite database file in
/// WAL mode, through a GRDB `DatabasePool` (one writer, concurrent readers).
///
/// Each ``write(_:)`` is one SQLite transaction, committed when the body returns
/// and rolled back when it throws, so a crash (even `SIGKILL`) leaves either all
/// of a change or none of it. WAL with `synchronous=NORMAL` loses no committed
/// transaction when the process dies; only a power loss can take back the last
/// few. Every SQLite failure is thrown as a ``NotificationError/Code/storeFailure``.
package final class SQLiteStore: NotificationStore, Sendable {
    /// The database file.
    package let path: String
    private let pool: DatabasePool
    private let checkpointer: SQLiteCheckpointer

    /// Opens the database at `path`, creating it if it does not exist, and
    /// migrates it to the current schema.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the file cannot be
    ///   created or opened, is not an SQLite database, or was written by a later
    ///   version of the store.
    package init(path: String) throws {
        self.path = path
        pool = try SQLiteStoreFailure.guarding("opening the database at \(path)") {
            try DatabasePool(path: path, configuration: Self.configuration)
        }
        checkpointer = try SQLiteStoreFailure.guarding("opening a checkpoint connection to \(path)") {
            try SQLiteCheckpointer(path: path, interval: 0.1)
        }
        try migrate()
    }

    /// Runs `body` in one write transaction: committed when it returns, rolled
    /// back when it throws (its error comes out unchanged).
    package func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try SQLiteStoreFailure.guarding("a write transaction on \(path)") {
            try pool.write { db in try body(SQLiteTransaction(db: db)) }
        }
    }

    /// Runs `body` in a read-only transaction on one of the pool's readers: it
    /// sees the last committed write and runs beside a write in progress. A save
    /// in it throws a ``NotificationError/Code/storeFailure``; change through
    /// ``write(_:)``.
    package func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try SQLiteStoreFailure.guarding("a read transaction on \(path)") {
            try pool.read { db in try body(SQLiteTransaction(db: db)) }
        }
    }

    /// The log's length, in pages, at which the writer checkpoints by itself.
    static let writerCheckpointPages = 4096

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another process (a restarted daemon while the old one exits) waits
        // instead of failing at once.
        configuration.busyMode = .timeout(5)
        configuration.label = "Herald.SQLiteStore"
        // 16 MiB of page cache per connection (SQLite's default is 2 MiB): a
        // burst's rows stay in memory instead of being read again.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -16384")
            // Statement journals in memory. A statement that changes many rows in a
            // transaction (a batch's deliveries, its deletes) keeps the pages it
            // changes for the second time, so that it can be undone alone; past
            // 64 KiB SQLite wrote them to a new file in /var/tmp, on the disk
            // whatever disk the database is on: 98 files and about 30,000 writes
            // in a burst of 100,000 deliveries. They are at most a transaction's
            // pages, and the store's transactions are bounded batches.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // 4 KiB pages, SQLite's default, for a new file (an existing one keeps
            // its own). A commit writes every page it changed to the log, and a
            // small commit (an add over HTTP changes about three B-trees) writes
            // half as many bytes as with 8 KiB pages; a long burst is about 6% slower.
            try db.execute(sql: "PRAGMA page_size = 4096")
            // The writer checkpoints by itself (copying and syncing the log, inside
            // a commit) only once the log passes 4,096 pages (16 MiB): the bound on
            // the log while ``SQLiteCheckpointer``, which keeps it far shorter, cannot
            // run or falls behind. At SQLite's 1,000 pages or the 250 used before,
            // the writer checkpointed many times a second under steady load.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(writerCheckpointPages)")
        }
        return configuration
    }

    private func migrate() throws {
        let migrator = SQLiteSchema.migrator
        try SQLiteStoreFailure.guarding("migrating the database at \(path)") {
            if try pool.read(migrator.hasBeenSuperseded) {
                throw NotificationError(
                    .storeFailure,
                    "SQLite store: the database at \(path) was written by a later version of Herald")
            }
            try migrator.migrate(pool)
        }
    }
}
