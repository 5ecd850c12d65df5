import Foundation
import Logging
import NIOCore
import PostgresNIO
import PostgresSupport

/// Statements the firing path runs in every batch, as prepared statements.
///
/// Sent as unnamed statements, as every other query is, the server parsed them
/// again each time: for a batch of E6 (one engine on PostgreSQL; the server's
/// log of each phase, averages) the writes took 0.28 ms to parse, 0.45 ms to
/// bind and plan and 0.25 ms to run, the lock and claim 0.12, 0.27 and 0.06 ms.
/// Prepared once per connection, they are not parsed again: 1.13 ms of server
/// time per batch instead of 1.43. They are still planned at each run: with
/// their parameters known the plans are far cheaper than PostgreSQL's generic
/// ones, so it keeps making custom plans, and forcing generic plans
/// (`plan_cache_mode`) made E6 later (one engine's p50 3.8–4.2 ms against
/// 2.8–3.3 ms).
///
/// postgres-nio runs prepared statements from `async` code only, and the store
/// is synchronous (for SQLite's sake): the statement runs in a task on the
/// connection's own event loop (``EventLoopTaskExecutor``), not on Swift
/// concurrency's default threads, which the caller may be blocking, while the
/// caller waits for its rows as for any query. A statement that fails closes its
/// connection, whose transaction is lost anyway.
extension PostgresTransaction {
    /// Runs a prepared statement and returns its rows.
    func rows<Statement: PostgresPreparedStatement>(
        _ statement: Statement, _ action: @autoclosure () -> String
    ) throws -> [Statement.Row] where Statement.Row: Sendable {
        try guarding(action()) {
            let connection = connection
            let logger = logger
            let promise = connection.eventLoop.makePromise(of: [Statement.Row].self)
            Task(executorPreference: EventLoopTaskExecutor(connection.eventLoop)) {
                do {
                    var rows: [Statement.Row] = []
                    for try await row in try await connection.execute(statement, logger: logger) {
                        rows.append(row)
                    }
                    promise.succeed(rows)
                } catch {
                    promise.fail(error)
                }
            }
            do {
                return try statements.waitGuarded(promise.futureResult)
            } catch {
                // postgres-nio keeps a failure to prepare for the statement's name on
                // the connection, and would answer every later run with it (after a
                // statement that failed in the same transaction, say): the pool
                // replaces a closed connection.
                try? connection.close().wait()
                throw error
            }
        }
    }
}

/// Runs tasks' jobs on one NIO event loop, where a connection's reads and writes
/// happen anyway.
final class EventLoopTaskExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}

/// Locks the free apps among `apps` and claims the pending rows of the keys
/// (``PostgresTransaction/lockAppsSkippingLockedAndClaim(_:)``).
struct LockAndClaimStatement: PostgresPreparedStatement {
    typealias Row = (Bool, String, String?, String?, Int?, String?, Data?, Double?, Double?)

    static let name = "herald.lock-and-claim.1"
    static let sql = """
        WITH locked AS MATERIALIZED (
            SELECT app, preferences, categories, badge FROM apps WHERE app = ANY($1::text[])
            ORDER BY app FOR UPDATE SKIP LOCKED
        ), claimed AS MATERIALIZED (
            SELECT pending.app, pending.identifier, pending.request, pending.next_fire, pending.added
            FROM pending JOIN unnest($2::text[], $3::text[]) AS k (app, identifier)
                ON pending.app = k.app AND pending.identifier = k.identifier
            WHERE pending.app IN (SELECT app FROM locked)
            FOR UPDATE OF pending SKIP LOCKED
        )
        SELECT true, app, preferences, categories, badge, NULL::text, NULL::bytea, NULL::float8, NULL::float8
        FROM locked
        UNION ALL
        SELECT false, app, NULL, NULL, NULL, identifier, request, next_fire, added FROM claimed
        """

    var apps: [String]
    var keyApps: [String]
    var keyIdentifiers: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(apps)
        bindings.append(keyApps)
        bindings.append(keyIdentifiers)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}
