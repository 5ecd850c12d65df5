import BenchmarkSupport
import Foundation
import GRDB
import NotificationEngine

/// The floor for the SQLite store: the same rows written and read with bare GRDB 7.10.0 —
/// the version 1 table and indexes and the configuration (WAL, one `DatabasePool`) of the engine's
/// store, a cached prepared statement, and nothing else.
enum GRDBPeer {
    /// The `pending` (``FloorSchema/pending``), `apps`, `deliveries` and `outbox` tables and
    /// indexes of the engine's first schema (copied from `SQLiteSchema.version1` in the root
    /// package, which is internal there). The floors keep these tables; the engine migrates to version 2
    /// (`pending` without a rowid, one index fewer on deliveries, the outbox keyed by id).
    static let schema = FloorSchema.pending + "\n" + """
        CREATE TABLE apps (
            app TEXT PRIMARY KEY NOT NULL,
            preferences TEXT,
            badge INTEGER NOT NULL DEFAULT 0,
            categories TEXT
        ) WITHOUT ROWID;
        CREATE TABLE deliveries (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            app TEXT NOT NULL,
            identifier TEXT NOT NULL,
            scheduled REAL NOT NULL,
            date REAL NOT NULL,
            late INTEGER NOT NULL,
            listed INTEGER NOT NULL,
            answered INTEGER NOT NULL,
            request TEXT NOT NULL
        );
        CREATE INDEX deliveries_listed ON deliveries(app, date) WHERE listed = 1;
        CREATE INDEX deliveries_listed_identifier ON deliveries(app, identifier) WHERE listed = 1;
        CREATE TABLE outbox (
            seq INTEGER PRIMARY KEY,
            delivery_id TEXT NOT NULL
        );
        CREATE INDEX outbox_delivery ON outbox(delivery_id);
        """

    static let insert = FloorSchema.insertPending

    /// A pool configured as the engine's store configures its own.
    static func pool(_ path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(5)
        return try DatabasePool(path: path, configuration: configuration)
    }

    /// A new database at `path` with the pending table.
    static func create(_ path: String) throws -> DatabasePool {
        let pool = try pool(path)
        try pool.write { db in
            try db.execute(sql: schema)
            try db.execute(sql: "INSERT INTO apps (app) VALUES (?)", arguments: [benchmarkApp.rawValue])
        }
        return pool
    }

    /// Inserts the requests as pending rows, `batch` rows per transaction, encoding each
    /// one as JSON with `JSONEncoder` (as the store does) unless `json` gives it already.
    static func insert(
        _ requests: [NotificationRequest], json: [String]? = nil, batch: Int, into pool: DatabasePool
    ) throws {
        let encoder = JSONEncoder()
        let now = Date()
        for start in stride(from: 0, to: requests.count, by: batch) {
            try pool.write { db in
                let statement = try db.cachedStatement(sql: insert)
                for index in start..<min(start + batch, requests.count) {
                    let request = requests[index]
                    let text = try json?[index] ?? String(decoding: encoder.encode(request), as: UTF8.self)
                    try statement.execute(arguments: [
                        benchmarkApp.rawValue, request.identifier,
                        now.addingTimeInterval(interval(of: request)).timeIntervalSinceReferenceDate,
                        now.timeIntervalSinceReferenceDate, false, text,
                    ])
                }
            }
        }
    }

    /// The requests as the JSON text the store keeps.
    static func encode(_ requests: [NotificationRequest]) throws -> [String] {
        let encoder = JSONEncoder()
        return try requests.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    }

    /// How many pending rows the database at `path` holds.
    static func count(_ path: String) throws -> Int {
        try pool(path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending") ?? 0 }
    }

    private static func interval(of request: NotificationRequest) -> TimeInterval {
        if case .timeInterval(let trigger) = request.trigger { trigger.interval } else { 0 }
    }
}
