import Foundation
package import NotificationModel
package import PostgresNIO

/// Turns what postgres-nio and the coders throw into ``NotificationError``s that
/// say what the store (the engine's, or the daemon's records) was doing, without
/// the statement's values (they may be an app's content): ``NotificationError/Code/serviceUnavailable`` when the server
/// cannot be reached or the connection is lost (nothing was committed; try
/// again), ``NotificationError/Code/storeFailure`` for everything else.
package enum PostgresFailure {
    /// The error to rethrow for `error`, thrown while the store was doing
    /// `action`. A ``NotificationError`` passes through unchanged, and so does an
    /// error of another kind unless `ownCode` says that only the store's code ran.
    package static func wrap(_ error: any Error, while action: String, ownCode: Bool) -> any Error {
        switch error {
        case let error as NotificationError:
            error
        case let error as PSQLError where isConnectionLost(error) || isRefusingConnections(error):
            NotificationError(
                .serviceUnavailable,
                "PostgreSQL store: \(action) failed: the database cannot be reached: \(describe(error))")
        case let error as PSQLError:
            NotificationError(.storeFailure, "PostgreSQL store: \(action) failed: \(describe(error))")
        case let error as PostgresDecodingError:
            NotificationError(
                .storeFailure,
                "PostgreSQL store: \(action) failed: the column \(error.columnName) does not decode (\(error.code))")
        case let error as DecodingError:
            NotificationError(.storeFailure, "PostgreSQL store: \(action) failed: a stored record does not decode (\(error))")
        case let error as EncodingError:
            NotificationError(.storeFailure, "PostgreSQL store: \(action) failed: the value does not encode (\(error))")
        default:
            ownCode ? NotificationError(.storeFailure, "PostgreSQL store: \(action) failed: \(error)") : error
        }
    }

    /// Runs `body`, wrapping what it throws.
    package static func guarding<T>(
        _ action: @autoclosure () -> String,
        ownCode: Bool = true,
        _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch {
            throw wrap(error, while: action(), ownCode: ownCode)
        }
    }

    /// A value the schema allows but the store never writes.
    package static func corrupt(_ what: String) -> NotificationError {
        NotificationError(.storeFailure, "PostgreSQL store: the database is corrupt: \(what)")
    }

    /// Whether the connection that threw `error` is gone (closed, refused, cut),
    /// so that it must not be used again.
    package static func isConnectionLost(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown,
            .messageDecodingFailure, .unexpectedBackendMessage:
            return true
        case .server:
            // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
            return error.serverInfo?[.sqlState].map { $0.hasPrefix("57P") } ?? false
        default:
            return false
        }
    }

    /// Whether the server turned a new connection away for now: 53300
    /// too_many_connections.
    package static func isRefusingConnections(_ error: PSQLError) -> Bool {
        error.serverInfo?[.sqlState] == "53300"
    }

    /// The server's message and SQLSTATE, or what went wrong on the way there.
    package static func describe(_ error: PSQLError) -> String {
        if let info = error.serverInfo, let message = info[.message] {
            var text = message
            if let detail = info[.detail] { text += " (\(detail))" }
            if let state = info[.sqlState] { text += " [SQLSTATE \(state)]" }
            return text
        }
        if let underlying = error.underlying {
            return "\(error.code): \(underlying)"
        }
        return "\(error.code)"
    }
}
