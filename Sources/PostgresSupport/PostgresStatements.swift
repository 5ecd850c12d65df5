import Foundation
package import Logging
package import NIOCore
import NotificationModel
package import PostgresNIO

/// Statements on one connection, each waited for on the caller's thread, with
/// the module's error handling: a lost connection is
/// ``NotificationError/Code/serviceUnavailable``, any other failure
/// ``NotificationError/Code/storeFailure`` naming `action`. Valid only while
/// ``PostgresConnections/transaction(begin:_:)``'s body runs.
package struct PostgresStatements {
    package let connection: PostgresConnection
    package let logger: Logger

    package init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    package func execute(_ query: PostgresQuery, _ action: @autoclosure () -> String) throws -> Int {
        try PostgresFailure.guarding(action()) {
            try waitGuarded(connection.query(query, logger: logger)).metadata.rows ?? 0
        }
    }

    /// Runs a query and transforms each row it returns.
    package func rows<T>(
        _ query: PostgresQuery, _ action: @autoclosure () -> String, _ transform: (PostgresRow) throws -> T
    ) throws -> [T] {
        try PostgresFailure.guarding(action()) {
            try waitGuarded(connection.query(query, logger: logger)).rows.map(transform)
        }
    }

    /// Runs statements separated by `;` at the ends of lines, one at a time (the
    /// extended protocol takes one statement per query).
    package func simple(_ sql: String, _ action: @autoclosure () -> String) throws {
        for statement in sql.components(separatedBy: ";\n") {
            let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            try execute(PostgresQuery(unsafeSQL: trimmed), action())
        }
    }

    /// Waits for a query's answer, or until the connection closes without one.
    ///
    /// postgres-nio can leave a query sent as its connection closes waiting for
    /// ever (its pull request 487, reverted in 501); seen here when the server
    /// restarted under load, with the engine's lock held by the waiting firing
    /// path. So the wait looks at the connection every ``closedCheckInterval``
    /// and, once it is closed, fails the query as a lost connection: the
    /// transaction then never committed (or the server rolls it back), and the
    /// pool drops the connection.
    package func waitGuarded<T: Sendable>(_ answer: EventLoopFuture<T>) throws -> T {
        let eventLoop = answer.eventLoop
        let guarded = eventLoop.makePromise(of: T.self)
        answer.cascade(to: guarded)
        let connection = connection
        let check = eventLoop.scheduleRepeatedTask(
            initialDelay: Self.closedCheckInterval, delay: Self.closedCheckInterval
        ) { task in
            guard connection.isClosed else { return }
            guarded.fail(
                NotificationError(
                    .serviceUnavailable,
                    "PostgreSQL store: the connection closed before the server answered; nothing was committed"))
            task.cancel()
        }
        defer { check.cancel() }
        return try guarded.futureResult.wait()
    }

    /// How often a query's wait looks at whether its connection closed.
    package static let closedCheckInterval = TimeAmount.milliseconds(250)
}
