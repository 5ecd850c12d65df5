import Foundation
import Logging
import NIOCore
import PostgresNIO
import PostgresSupport

/// One transaction of the ``PostgresStore``: the operations of
/// ``StoreTransaction`` as statements on the transaction's connection, each
/// waited for on the caller's thread. Lists of keys go as one array parameter
/// (`= ANY($1)`), batches of rows as parallel arrays (`unnest`), so a
/// statement's cost does not grow with round trips. Valid only while the
/// store's `write` or `read` body runs.
///
/// A list of identifiers within one app is written `identifier =
/// ANY(ARRAY(SELECT unnest($2)))`, which hides the array's length from the
/// planner. Shown the array, the planner weighs a thousand identifiers against
/// what it believes of `app = $1`; on a table not yet analyzed (a new schema
/// filling up; autovacuum analyzes it a minute later at the soonest) it takes
/// `app = $1` for 0.5% of the rows and reads every row of the app through
/// `pending_app_order`, filtering them through the array: 20 ms to delete 1,000
/// of an app's 100,000 requests, against 1.7 ms through the primary key, which
/// the hidden array gets with statistics or without (PostgreSQL 15, measured
/// 2026-11-27). (``pendingIdentifiers(_:among:)`` probes the key per identifier
/// instead, to the same effect.)
final class PostgresTransaction: StoreTransaction {
    /// The transaction's connection, its statements waited for on the caller's thread.
    let statements: PostgresStatements
    var connection: PostgresConnection { statements.connection }
    var logger: Logger { statements.logger }
    let isReadOnly: Bool
    /// The engine this transaction writes outbox entries for (``PostgresStore/node``).
    let node: UUID
    /// The schema Herald's tables are in, which announcements name.
    let schema: String
    lazy var encoder = JSONEncoder()
    lazy var decoder = JSONDecoder()
    /// Apps known to have a row in `apps` in this transaction.
    var knownApps: Set<AppIdentifier> = []
    /// Categories of deliveries saved in this transaction, as JSON.
    var encodedCategories: [NotificationCategory: String] = [:]

    init(statements: PostgresStatements, isReadOnly: Bool, node: UUID, schema: String) {
        self.statements = statements
        self.isReadOnly = isReadOnly
        self.node = node
        self.schema = schema
    }

    // MARK: Pending requests

    func pending(_ app: AppIdentifier, identifier: String) throws -> PendingRequest? {
        try rows(
            "SELECT request, next_fire, added FROM pending WHERE app = \(app.rawValue) AND identifier = \(identifier)",
            "reading the pending request \"\(identifier)\" of \(app)", pendingRequest
        ).first
    }

    func pendingRecords(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [PendingRecord] {
        try pendingRecords(keys, lockingRows: false)
    }

    /// The pending records of these keys; with `lockingRows`, only those no other
    /// transaction holds, locked (``CoordinatedTransaction/claimPending(_:)``).
    func pendingRecords(
        _ keys: [(app: AppIdentifier, identifier: String)], lockingRows: Bool
    ) throws -> [PendingRecord] {
        var records: [PendingRecord] = []
        records.reserveCapacity(keys.count)
        for (app, group) in Dictionary(grouping: keys, by: \.app) {
            records += try rows(
                """
                SELECT identifier, request, next_fire, added FROM pending
                WHERE app = \(app.rawValue) AND identifier = ANY(ARRAY(SELECT unnest(\(group.map(\.identifier))::text[])))
                \(unescaped: lockingRows ? "FOR UPDATE SKIP LOCKED" : "")
                """,
                "\(lockingRows ? "claiming" : "reading") \(group.count) pending requests of \(app)"
            ) { row in
                let (identifier, request, nextFire, added) = try row.decode((String, Data, Double?, Double).self)
                return Self.pendingRecord(app, identifier, request, nextFire, added)
            }
        }
        return records
    }

    /// A pending record from its columns `identifier, request, next_fire, added`.
    static func pendingRecord(
        _ app: AppIdentifier, _ identifier: String, _ request: Data, _ nextFire: Double?, _ added: Double
    ) -> PendingRecord {
        PendingRecord(
            app: app, identifier: identifier, nextFireDate: nextFire.map(Date.init(timeIntervalSinceReferenceDate:)),
            addedDate: Date(timeIntervalSinceReferenceDate: added), payload: .encoded(request))
    }

    /// One probe of the primary key per identifier, whatever the planner knows.
    /// Written as `identifier = ANY($2)`, a table not yet analyzed (a new schema
    /// filling up: autovacuum analyzes it a minute later at the soonest) was read
    /// whole, every row of the app filtered through the array: 10 ms a batch of
    /// 1,000 at 100,000 rows, where the probes take 1.6 ms. A `LIMIT`ed `LATERAL`
    /// subquery cannot be turned into a join, so it stays a probe per identifier.
    func pendingIdentifiers(_ app: AppIdentifier, among identifiers: [String]) throws -> Set<String> {
        guard !identifiers.isEmpty else { return [] }
        return Set(try rows(
            """
            SELECT found.identifier FROM unnest(\(identifiers)::text[]) AS wanted (identifier),
                LATERAL (SELECT identifier FROM pending WHERE app = \(app.rawValue) AND identifier = wanted.identifier
                    LIMIT 1) AS found
            """,
            "looking up pending requests of \(app)"
        ) { try $0.decode(String.self) })
    }

    func pendingRequests(_ app: AppIdentifier) throws -> [PendingRequest] {
        try rows(
            """
            SELECT request, next_fire, added FROM pending WHERE app = \(app.rawValue)
            ORDER BY next_fire NULLS LAST, added, identifier
            """,
            "reading the pending requests of \(app)", pendingRequest)
    }

    func latestPending(_ app: AppIdentifier, limit: Int) throws -> [PendingRequest] {
        guard limit > 0 else { return [] }
        return try rows(
            """
            SELECT request, next_fire, added FROM pending WHERE app = \(app.rawValue)
            ORDER BY next_fire DESC NULLS FIRST, added DESC, identifier DESC LIMIT \(limit)
            """,
            "reading the latest pending requests of \(app)", pendingRequest)
    }

    func savePending(_ pending: PendingRequest, for app: AppIdentifier) throws {
        let request = ByteBuffer(bytes: try guarding("encoding the request") { try RequestCoding.encode(pending.request) })
        let isLocation = pending.request.trigger.map { if case .location = $0 { true } else { false } } ?? false
        try registerApp(app)
        try execute(
            """
            INSERT INTO pending (app, identifier, next_fire, added, is_location, request)
            VALUES (\(app.rawValue), \(pending.request.identifier),
                \(pending.nextFireDate?.timeIntervalSinceReferenceDate),
                \(pending.addedDate.timeIntervalSinceReferenceDate), \(isLocation), \(request))
            ON CONFLICT (app, identifier) DO UPDATE SET next_fire = excluded.next_fire, added = excluded.added,
                is_location = excluded.is_location, request = excluded.request
            """,
            "saving the pending request \"\(pending.request.identifier)\" of \(app)")
    }

    /// One statement for the batch: the rows as parallel arrays (`unnest`), the
    /// last of each identifier kept.
    func savePending(_ batch: [PendingRequest], for app: AppIdentifier) throws {
        var last: [String: Int] = [:]
        for (index, pending) in batch.enumerated() { last[pending.request.identifier] = index }
        let rows = batch.indices.filter { last[batch[$0].request.identifier] == $0 }.map { batch[$0] }
        guard rows.count > 1 else {
            if let only = rows.first { try savePending(only, for: app) }
            return
        }
        let requests = try guarding("encoding \(rows.count) requests") {
            try rows.map { ByteBuffer(bytes: try RequestCoding.encode($0.request)) }
        }
        // NaN stands for no fire date: arrays of optionals do not encode.
        let fires = rows.map { $0.nextFireDate?.timeIntervalSinceReferenceDate ?? .nan }
        let locations = rows.map { pending in
            pending.request.trigger.map { if case .location = $0 { true } else { false } } ?? false
        }
        try registerApp(app)
        try execute(
            """
            INSERT INTO pending (app, identifier, next_fire, added, is_location, request)
            SELECT \(app.rawValue), identifier, NULLIF(next_fire, 'NaN'::float8), added, is_location, request
            FROM unnest(\(rows.map(\.request.identifier)), \(fires),
                \(rows.map(\.addedDate.timeIntervalSinceReferenceDate)), \(locations), \(requests))
                AS new (identifier, next_fire, added, is_location, request)
            ON CONFLICT (app, identifier) DO UPDATE SET next_fire = excluded.next_fire, added = excluded.added,
                is_location = excluded.is_location, request = excluded.request
            """,
            "saving \(rows.count) pending requests of \(app)")
    }

    func deletePending(_ app: AppIdentifier, identifiers: [String]) throws -> Int {
        guard !identifiers.isEmpty else { return 0 }
        return try execute(
            """
            DELETE FROM pending
            WHERE app = \(app.rawValue) AND identifier = ANY(ARRAY(SELECT unnest(\(identifiers)::text[])))
            """,
            "deleting pending requests of \(app)")
    }

    func deleteAllPending(_ app: AppIdentifier) throws -> Int {
        try execute("DELETE FROM pending WHERE app = \(app.rawValue)", "deleting the pending requests of \(app)")
    }

    func pendingCounts() throws -> [AppIdentifier: Int] {
        let counts = try rows("SELECT app, count(*) FROM pending GROUP BY app", "counting pending requests") { row in
            let (app, count) = try row.decode((String, Int).self)
            return (AppIdentifier(rawValue: app), count)
        }
        return Dictionary(uniqueKeysWithValues: counts)
    }

    func soonestDue(limit: Int, after: DueEntry?) throws -> [DueEntry] {
        guard limit > 0 else { return [] }
        let query: PostgresQuery =
            if let after {
                """
                SELECT app, identifier, next_fire FROM pending WHERE next_fire IS NOT NULL
                AND (next_fire, app, identifier) > (\(after.date.timeIntervalSinceReferenceDate), \(after.app.rawValue), \(after.identifier))
                ORDER BY next_fire, app, identifier LIMIT \(limit)
                """
            } else {
                """
                SELECT app, identifier, next_fire FROM pending WHERE next_fire IS NOT NULL
                ORDER BY next_fire, app, identifier LIMIT \(limit)
                """
            }
        return try rows(query, "reading the soonest due requests") { row in
            let (app, identifier, date) = try row.decode((String, String, Double).self)
            return DueEntry(
                app: AppIdentifier(rawValue: app), identifier: identifier,
                date: Date(timeIntervalSinceReferenceDate: date))
        }
    }

    func locationIdentifiers(_ app: AppIdentifier) throws -> Set<String> {
        Set(
            try rows(
                "SELECT identifier FROM pending WHERE app = \(app.rawValue) AND is_location",
                "reading the pending location requests of \(app)"
            ) { try $0.decode(String.self) })
    }

    func locationPending() throws -> [(AppIdentifier, PendingRequest)] {
        try rows(
            """
            SELECT app, request, next_fire, added FROM pending WHERE is_location
            ORDER BY app, next_fire NULLS LAST, added, identifier
            """,
            "reading the pending location requests"
        ) { row in
            let (app, request, nextFire, added) = try row.decode((String, Data, Double?, Double).self)
            return (AppIdentifier(rawValue: app), try pendingRequest(request, nextFire, added))
        }
    }

    private func pendingRequest(_ row: PostgresRow) throws -> PendingRequest {
        let (request, nextFire, added) = try row.decode((Data, Double?, Double).self)
        return try pendingRequest(request, nextFire, added)
    }

    private func pendingRequest(_ request: Data, _ nextFire: Double?, _ added: Double) throws -> PendingRequest {
        PendingRequest(
            request: try RequestCoding.decode(request),
            nextFireDate: nextFire.map(Date.init(timeIntervalSinceReferenceDate:)),
            addedDate: Date(timeIntervalSinceReferenceDate: added))
    }

    /// Gives `app` a row in `apps` (once per transaction), as any save for it does.
    func registerApp(_ app: AppIdentifier) throws {
        guard !knownApps.contains(app) else { return }
        try execute("INSERT INTO apps (app) VALUES (\(app.rawValue)) ON CONFLICT DO NOTHING", "registering \(app)")
        knownApps.insert(app)
    }

    /// Deletes the app's rows from every table: outbox entries and responses
    /// first, while its deliveries still say which are its own.
    func deleteApp(_ app: AppIdentifier) throws {
        let name = app.rawValue
        try execute(
            "DELETE FROM outbox WHERE delivery_id IN (SELECT id FROM deliveries WHERE app = \(name))",
            "deleting the outbox entries of \(app)")
        try execute("DELETE FROM summary_queue WHERE app = \(name)", "deleting the summary entries of \(app)")
        try execute("DELETE FROM responses WHERE app = \(name)", "deleting the responses of \(app)")
        try execute("DELETE FROM deliveries WHERE app = \(name)", "deleting the deliveries of \(app)")
        try execute("DELETE FROM pending WHERE app = \(name)", "deleting the pending requests of \(app)")
        try execute("DELETE FROM apps WHERE app = \(name)", "deleting the record of \(app)")
        knownApps.remove(app)
    }

    // MARK: Running statements

    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery, _ action: @autoclosure () -> String) throws -> Int {
        try statements.execute(query, action())
    }

    /// Runs a query and transforms each row it returns.
    func rows<T>(
        _ query: PostgresQuery, _ action: @autoclosure () -> String, _ transform: (PostgresRow) throws -> T
    ) throws -> [T] {
        try statements.rows(query, action(), transform)
    }

    /// Runs `body`, turning any failure into a ``NotificationError/Code/storeFailure``.
    func guarding<T>(_ action: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        try PostgresFailure.guarding(action(), body)
    }

    /// `value` as JSON text.
    func json(_ value: some Encodable) throws -> String {
        try guarding("encoding JSON") { String(decoding: try encoder.encode(value), as: UTF8.self) }
    }

    /// JSON text, decoded.
    func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try guarding("decoding JSON") { try decoder.decode(type, from: Data(text.utf8)) }
    }
}
