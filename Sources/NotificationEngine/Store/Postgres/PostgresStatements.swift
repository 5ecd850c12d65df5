package import PostgresNIO

/// Statements in one transaction of a ``PostgresStore``, for components that
/// keep tables of their own beside the engine's (the daemon's records), with
/// the store's error handling: a lost connection is
/// ``NotificationError/Code/serviceUnavailable``, any other failure
/// ``NotificationError/Code/storeFailure`` naming `action`. Valid only while
/// ``PostgresStore/withTransaction(readOnly:_:)``'s body runs.
package struct PostgresStatements {
    let transaction: PostgresTransaction

    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    package func execute(_ query: PostgresQuery, _ action: @autoclosure () -> String) throws -> Int {
        try transaction.execute(query, action())
    }

    /// Runs a query and transforms each row it returns.
    package func rows<T>(
        _ query: PostgresQuery, _ action: @autoclosure () -> String, _ transform: (PostgresRow) throws -> T
    ) throws -> [T] {
        try transaction.rows(query, action(), transform)
    }
}
