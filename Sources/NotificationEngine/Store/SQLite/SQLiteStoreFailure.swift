import Foundation
import GRDB

/// Turns what GRDB, SQLite and the JSON coders throw into
/// ``NotificationError/Code/storeFailure`` errors that say what the store was
/// doing.
enum SQLiteStoreFailure {
    /// The error to rethrow for `error`, thrown while the store was doing `action`
    /// ("opening the database at /var/lib/herald/store.sqlite"). A
    /// ``NotificationError`` passes through unchanged, and so does an error of
    /// another kind unless `ownCode` says that only the store's code ran (the
    /// body of a transaction throws what it likes).
    static func wrap(_ error: any Error, while action: String, ownCode: Bool) -> any Error {
        switch error {
        case let error as NotificationError:
            error
        case let error as DatabaseError:
            NotificationError(.storeFailure, "SQLite store: \(action) failed: \(describe(error))")
        case let error as DecodingError:
            NotificationError(.storeFailure, "SQLite store: \(action) failed: a stored record does not decode (\(error))")
        case let error as EncodingError:
            NotificationError(.storeFailure, "SQLite store: \(action) failed: the value does not encode as JSON (\(error))")
        case let error as RowDecodingError:
            NotificationError(.storeFailure, "SQLite store: \(action) failed: a stored column does not decode (\(error))")
        default:
            ownCode ? NotificationError(.storeFailure, "SQLite store: \(action) failed: \(error)") : error
        }
    }

    /// Runs `body`, wrapping what it throws; errors that are not the store's pass
    /// through unless `ownCode`.
    static func guarding<T>(
        _ action: @autoclosure () -> String,
        ownCode: Bool = false,
        _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch {
            throw wrap(error, while: action(), ownCode: ownCode)
        }
    }

    /// A corrupt column: a value that the schema allows but the store never writes.
    static func corrupt(_ what: String) -> NotificationError {
        NotificationError(.storeFailure, "SQLite store: the database is corrupt: \(what)")
    }

    private static func describe(_ error: DatabaseError) -> String {
        let message = error.message ?? "unknown error"
        let code = error.extendedResultCode.rawValue
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return "\(message) (SQLite code \(code)): the file exists but is not an SQLite database"
        case .SQLITE_CANTOPEN:
            return "\(message) (SQLite code \(code)): check that the directory exists and is writable"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return "\(message) (SQLite code \(code)): another connection holds the database"
        default:
            return "\(message) (SQLite code \(code))"
        }
    }
}
