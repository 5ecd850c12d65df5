import Dispatch
package import Logging
import NIOCore
import NIOPosix
import NotificationModel
package import PostgresNIO
import Synchronization

/// Connections to one PostgreSQL server for callers that block: the engine's
/// store transactions are synchronous (its protocol is, for SQLite's sake), and so
/// are the daemon's records, so each
/// runs on its caller's thread, which waits for the server's answers on an NIO
/// event loop. postgres-nio's own `PostgresClient` pool lends connections to
/// `async` closures only.
///
/// At most `capacity` connections are open; a caller that finds all of them
/// lent waits for one, up to `leaseTimeout`. A connection that failed is closed
/// and not lent again; an idle one the server has dropped (a restart) is
/// replaced by a new one the next time it is needed.
///
/// Never call it from an event loop thread: waiting there would deadlock the
/// loop (NIO traps on it).
package final class PostgresConnectionPool: Sendable {
    private struct State {
        var idle: [PostgresConnection] = []
        var isClosed = false
    }

    package let location: PostgresLocation
    package let capacity: Int
    private let leaseTimeout: Duration
    private let group: any EventLoopGroup
    private let slots: DispatchSemaphore
    private let state = Mutex(State())
    private let nextID = Atomic<Int>(0)
    private let logger: Logger

    package init(location: PostgresLocation, capacity: Int = 16, leaseTimeout: Duration = .seconds(30), logger: Logger) {
        self.location = location
        self.capacity = capacity
        self.leaseTimeout = leaseTimeout
        self.logger = logger
        group = MultiThreadedEventLoopGroup.singleton
        slots = DispatchSemaphore(value: capacity)
    }

    /// Lends a connection to `body` and takes it back: kept for the next caller if
    /// `body` left it usable, closed if it failed with a lost connection.
    ///
    /// `body` is told whether the connection is new; a body that finds a reused
    /// connection dead before it changed anything may throw
    /// ``PostgresConnectionPool/Retry`` to be called again with a new one.
    package func withConnection<T>(_ body: (PostgresConnection, _ isNew: Bool) throws -> T) throws -> T {
        let deadline = DispatchTime.now() + .nanoseconds(Int(leaseTimeout.components.seconds) * 1_000_000_000)
        guard slots.wait(timeout: deadline) == .success else {
            throw NotificationError(
                .serviceUnavailable,
                "PostgreSQL store: all \(capacity) connections to \(location.description) stayed busy for \(leaseTimeout)")
        }
        defer { slots.signal() }
        while true {
            let (connection, isNew) = try lease()
            do {
                let result = try body(connection, isNew)
                giveBack(connection)
                return result
            } catch is Retry where !isNew {
                discard(connection)
            } catch {
                if PostgresFailure.isConnectionLost(error) || connection.isClosed {
                    discard(connection)
                } else {
                    giveBack(connection)
                }
                throw error
            }
        }
    }

    /// Thrown by a body to be called again on a new connection.
    package struct Retry: Error {
        package init() {}
    }

    /// Closes every idle connection; lent ones close when given back.
    package func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        for connection in idle {
            try? connection.close().wait()
        }
    }

    private func lease() throws -> (PostgresConnection, isNew: Bool) {
        let reused = try state.withLock { state -> PostgresConnection? in
            guard !state.isClosed else {
                throw NotificationError(.storeFailure, "PostgreSQL store: the store was closed")
            }
            return state.idle.popLast()
        }
        if let reused {
            if !reused.isClosed { return (reused, false) }
            return try lease()
        }
        return (try connect(), true)
    }

    /// A new connection, for the pool to lend.
    private func connect() throws -> PostgresConnection {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        return try PostgresFailure.guarding("connecting to \(location.description)") {
            try PostgresConnection.connect(
                on: group.next(), configuration: location.configuration, id: id, logger: logger
            ).wait()
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        let kept = state.withLock { state in
            guard !state.isClosed, !connection.isClosed else { return false }
            state.idle.append(connection)
            return true
        }
        if !kept { discard(connection) }
    }

    /// Closes `connection` without waiting; it lives until it is closed
    /// (postgres-nio asserts that a connection is closed before it goes).
    private func discard(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}
