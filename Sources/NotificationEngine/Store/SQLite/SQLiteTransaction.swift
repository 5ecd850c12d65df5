import Foundation
import GRDB

/// One transaction of the ``SQLiteStore``: the operations of ``StoreTransaction``
/// as cached statements on the transaction's connection. Valid only while the
/// store's `write` or `read` body runs.
final class SQLiteTransaction: StoreTransaction {
    let db: Database
    private lazy var encoder = JSONEncoder()
    private lazy var decoder = JSONDecoder()
    /// Apps known to have a row in `apps` in this transaction, so a batch of saves
    /// for one app inserts it once.
    private var knownApps: Set<AppIdentifier> = []
    /// Categories of deliveries saved in this transaction, as JSON.
    var encodedCategories: [NotificationCategory: String] = [:]

    init(db: Database) {
        self.db = db
    }

    // MARK: Pending requests

    private static let pendingColumns = "request, next_fire, added"

    func pending(_ app: AppIdentifier, identifier: String) throws -> PendingRequest? {
        try guarding("reading the pending request \"\(identifier)\" of \(app)") {
            try fetch(
                "SELECT \(Self.pendingColumns) FROM pending WHERE app = ? AND identifier = ?",
                [app.rawValue, identifier], pendingRequest
            ).first
        }
    }

    func pendingRecords(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [PendingRecord] {
        try guarding("reading \(keys.count) pending requests") {
            var records: [PendingRecord] = []
            records.reserveCapacity(keys.count)
            for (app, group) in Dictionary(grouping: keys, by: \.app) {
                try forEachChunk(of: group.map(\.identifier)) { chunk, marks in
                    let rows = try Row.fetchCursor(
                        db.cachedStatement(
                            sql: "SELECT identifier, request, next_fire, added FROM pending WHERE app = ? AND identifier IN (\(marks))"),
                        arguments: StatementArguments([app.rawValue] + chunk))
                    while let row = try rows.next() {
                        let nextFire: Double? = row[2]
                        records.append(PendingRecord(
                            app: app, identifier: row[0],
                            nextFireDate: nextFire.map(Date.init(timeIntervalSinceReferenceDate:)),
                            addedDate: Date(timeIntervalSinceReferenceDate: row[3]),
                            payload: .encoded(row[1])))
                    }
                }
            }
            return records
        }
    }

    func pendingIdentifiers(_ app: AppIdentifier, among identifiers: [String]) throws -> Set<String> {
        try guarding("looking up pending requests of \(app)") {
            if identifiers.count == 1 {
                // An add over HTTP: one key lookup, without building an `IN` list.
                let statement = try db.cachedStatement(sql: "SELECT 1 FROM pending WHERE app = ? AND identifier = ?")
                let exists = try Bool.fetchOne(statement, arguments: [app.rawValue, identifiers[0]]) != nil
                return exists ? [identifiers[0]] : []
            }
            var found: Set<String> = []
            try forEachChunk(of: identifiers) { chunk, marks in
                let names = try String.fetchAll(
                    db.cachedStatement(sql: "SELECT identifier FROM pending WHERE app = ? AND identifier IN (\(marks))"),
                    arguments: StatementArguments([app.rawValue] + chunk))
                found.formUnion(names)
            }
            return found
        }
    }

    func pendingRequests(_ app: AppIdentifier) throws -> [PendingRequest] {
        try guarding("reading the pending requests of \(app)") {
            let dated = try fetch(
                """
                SELECT \(Self.pendingColumns) FROM pending WHERE app = ? AND next_fire IS NOT NULL
                ORDER BY next_fire, added, identifier
                """,
                [app.rawValue], pendingRequest)
            let undated = try fetch(
                """
                SELECT \(Self.pendingColumns) FROM pending WHERE app = ? AND next_fire IS NULL
                ORDER BY added, identifier
                """,
                [app.rawValue], pendingRequest)
            return dated + undated
        }
    }

    func latestPending(_ app: AppIdentifier, limit: Int) throws -> [PendingRequest] {
        guard limit > 0 else { return [] }
        return try guarding("reading the latest pending requests of \(app)") {
            let undated = try fetch(
                """
                SELECT \(Self.pendingColumns) FROM pending WHERE app = ? AND next_fire IS NULL
                ORDER BY added DESC, identifier DESC LIMIT ?
                """,
                [app.rawValue, limit], pendingRequest)
            guard undated.count < limit else { return undated }
            let dated = try fetch(
                """
                SELECT \(Self.pendingColumns) FROM pending WHERE app = ? AND next_fire IS NOT NULL
                ORDER BY next_fire DESC, added DESC, identifier DESC LIMIT ?
                """,
                [app.rawValue, limit - undated.count], pendingRequest)
            return undated + dated
        }
    }

    func savePending(_ pending: PendingRequest, for app: AppIdentifier) throws {
        try guarding("saving the pending request \"\(pending.request.identifier)\" of \(app)") {
            try registerApp(app)
            try execute(
                """
                INSERT OR REPLACE INTO pending (app, identifier, next_fire, added, is_location, request)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    app.rawValue, pending.request.identifier,
                    pending.nextFireDate?.timeIntervalSinceReferenceDate,
                    pending.addedDate.timeIntervalSinceReferenceDate,
                    pending.request.trigger?.isLocation ?? false,
                    try RequestCoding.encode(pending.request),
                ])
        }
    }

    func deletePending(_ app: AppIdentifier, identifiers: [String]) throws -> Int {
        try guarding("deleting pending requests of \(app)") {
            var count = 0
            try forEachChunk(of: identifiers) { chunk, marks in
                try run("DELETE FROM pending WHERE app = ? AND identifier IN (\(marks))") { bindings in
                    bindings.bind(app.rawValue)
                    for identifier in chunk { bindings.bind(identifier) }
                }
                count += db.changesCount
            }
            return count
        }
    }

    func deleteAllPending(_ app: AppIdentifier) throws -> Int {
        try guarding("deleting the pending requests of \(app)") {
            try execute("DELETE FROM pending WHERE app = ?", [app.rawValue])
            return db.changesCount
        }
    }

    func pendingCounts() throws -> [AppIdentifier: Int] {
        try guarding("counting pending requests") {
            let counts = try fetch("SELECT app, COUNT(*) FROM pending GROUP BY app", []) { row in
                (AppIdentifier(rawValue: try row.decode(atIndex: 0)), try row.decode(Int.self, atIndex: 1))
            }
            return Dictionary(uniqueKeysWithValues: counts)
        }
    }

    func soonestDue(limit: Int, after: DueEntry?) throws -> [DueEntry] {
        guard limit > 0 else { return [] }
        // After an entry: a range of the `pending_due` index, as a row-value comparison.
        let (range, arguments): (String, StatementArguments) =
            if let after {
                (
                    "AND (next_fire, app, identifier) > (?, ?, ?)",
                    [after.date.timeIntervalSinceReferenceDate, after.app.rawValue, after.identifier, limit]
                )
            } else {
                ("", [limit])
            }
        return try guarding("reading the soonest due requests") {
            try fetch(
                """
                SELECT app, identifier, next_fire FROM pending WHERE next_fire IS NOT NULL \(range)
                ORDER BY next_fire, app, identifier LIMIT ?
                """,
                arguments
            ) { row in
                DueEntry(
                    app: AppIdentifier(rawValue: try row.decode(atIndex: 0)),
                    identifier: try row.decode(atIndex: 1),
                    date: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 2)))
            }
        }
    }

    func locationIdentifiers(_ app: AppIdentifier) throws -> Set<String> {
        try guarding("reading the pending location requests of \(app)") {
            // Through the partial index pending_location.
            Set(try fetch("SELECT identifier FROM pending WHERE app = ? AND is_location = 1", [app.rawValue]) {
                try $0.decode(String.self, atIndex: 0)
            })
        }
    }

    func locationPending() throws -> [(AppIdentifier, PendingRequest)] {
        try guarding("reading the pending location requests") {
            try fetch(
                """
                SELECT app, \(Self.pendingColumns) FROM pending WHERE is_location = 1
                ORDER BY app, next_fire IS NULL, next_fire, added, identifier
                """,
                []
            ) { row in
                (AppIdentifier(rawValue: try row.decode(atIndex: 0)), try pendingRequest(row, from: 1))
            }
        }
    }

    private func pendingRequest(_ row: Row) throws -> PendingRequest {
        try pendingRequest(row, from: 0)
    }

    /// A pending request from the `pendingColumns` starting at column `first`.
    private func pendingRequest(_ row: Row, from first: Int) throws -> PendingRequest {
        let nextFire: Double? = try row.decode(atIndex: first + 1)
        return PendingRequest(
            request: try request(row, at: first),
            nextFireDate: nextFire.map(Date.init(timeIntervalSinceReferenceDate:)),
            addedDate: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: first + 2)))
    }

    /// Gives `app` a row in `apps` (once per transaction), as any save for it does.
    func registerApp(_ app: AppIdentifier) throws {
        guard !knownApps.contains(app) else { return }
        try execute("INSERT OR IGNORE INTO apps (app) VALUES (?)", [app.rawValue])
        knownApps.insert(app)
    }

    /// Deletes the app's rows from every table: outbox entries and responses
    /// first, while its deliveries still say which are its own.
    func deleteApp(_ app: AppIdentifier) throws {
        try guarding("deleting everything of \(app)") {
            try unqueue("SELECT id FROM deliveries WHERE app = ?1") { $0.bind(app.rawValue) }
            for table in ["summary_queue", "responses", "deliveries", "pending", "apps"] {
                try execute("DELETE FROM \(table) WHERE app = ?", [app.rawValue])
            }
            knownApps.remove(app)
        }
    }

    // MARK: Helpers

    /// Runs `body`, turning any failure into a ``NotificationError/Code/storeFailure``.
    func guarding<T>(_ action: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        try SQLiteStoreFailure.guarding(action(), ownCode: true, body)
    }

    /// Calls `body` with the values in chunks of at most 500 and a matching
    /// list of `?` placeholders, for statements of the form `… IN (?, ?, …)`.
    func forEachChunk<Value>(of values: [Value], _ body: ([Value], String) throws -> Void) rethrows {
        for start in stride(from: 0, to: values.count, by: 500) {
            let chunk = Array(values[start..<min(start + 500, values.count)])
            try body(chunk, Array(repeating: "?", count: chunk.count).joined(separator: ","))
        }
    }

    func execute(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    func fetch<T>(_ sql: String, _ arguments: StatementArguments, _ transform: (Row) throws -> T) throws -> [T] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var result: [T] = []
        while let row = try rows.next() {
            result.append(try transform(row))
        }
        return result
    }

    /// `value` as JSON text.
    func json(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The request stored in column `index` (``RequestCoding``).
    func request(_ row: Row, at index: Int) throws -> NotificationRequest {
        try RequestCoding.decode(try row.decode(Data.self, atIndex: index))
    }

    /// The JSON text in column `index`, decoded.
    func decodeJSON<T: Decodable>(_ type: T.Type, _ row: Row, at index: Int) throws -> T {
        try row.withUnsafeData(atIndex: index) { data in
            guard let data else { throw SQLiteStoreFailure.corrupt("a NULL where JSON was expected") }
            return try decoder.decode(type, from: data)
        }
    }
}

extension NotificationTrigger {
    fileprivate var isLocation: Bool {
        if case .location = self { true } else { false }
    }
}
