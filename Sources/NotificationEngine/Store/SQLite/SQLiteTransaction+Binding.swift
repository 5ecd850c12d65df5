import Foundation
import GRDB
import GRDBSQLite

/// Statements whose values are bound through SQLite's C API, for the writes of
/// a firing batch.
///
/// Through GRDB, each value becomes an existential, then a `DatabaseValue`, then
/// is checked against the statement and bound; in a burst that was about a
/// fifth of the committing thread's time, more than SQLite's own work for most
/// of those statements. Here each value is bound where it is (SQLite copies it),
/// on the same cached statement GRDB prepared, and the statement is stepped to
/// its end. GRDB does not see these statements run: nothing in the store
/// observes its transactions, and they only insert, update and delete rows.
extension SQLiteTransaction {
    /// Runs `sql` with the values `bind` binds in order, which must be exactly
    /// as many as the statement has parameters.
    func run(_ sql: String, binding bind: (inout SQLiteBindings) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: sql).sqliteStatement
        sqlite3_reset(statement)
        // No value of an earlier run is left bound, whatever happens below.
        defer { sqlite3_clear_bindings(statement) }
        var bindings = SQLiteBindings(statement: statement)
        try bind(&bindings)
        let parameters = sqlite3_bind_parameter_count(statement)
        guard bindings.next - 1 == parameters else {
            throw SQLiteStoreFailure.corrupt("\(bindings.next - 1) values bound to a statement of \(parameters) parameters")
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_DONE:
                sqlite3_reset(statement)
                return
            case SQLITE_ROW:
                continue
            case let code:
                // The error of the step, then the reset that leaves the statement ready.
                let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement)))
                sqlite3_reset(statement)
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
            }
        }
    }
}

/// The next parameter of a statement run by ``SQLiteTransaction/run(_:binding:)``,
/// and the values that bind it. SQLite keeps its own copy of each text and blob.
struct SQLiteBindings {
    fileprivate let statement: SQLiteStatement
    /// The index of the next parameter, from 1.
    fileprivate(set) var next: Int32 = 1

    fileprivate init(statement: SQLiteStatement) {
        self.statement = statement
    }

    mutating func bind(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would take for NULL.
            _ = withUnsafePointer(to: 0 as UInt8) { empty in
                sqlite3_bind_text(
                    statement, next, UnsafeRawPointer(bytes.baseAddress ?? empty).assumingMemoryBound(to: CChar.self),
                    Int32(bytes.count), transient)
            }
        }
        next += 1
    }

    mutating func bind(_ data: Data) {
        data.withUnsafeBytes { bytes in
            if let address = bytes.baseAddress {
                _ = sqlite3_bind_blob(statement, next, address, Int32(bytes.count), transient)
            } else {
                _ = sqlite3_bind_zeroblob(statement, next, 0)
            }
        }
        next += 1
    }

    mutating func bind(_ value: Double) {
        sqlite3_bind_double(statement, next, value)
        next += 1
    }

    mutating func bind(_ value: Int) {
        sqlite3_bind_int64(statement, next, Int64(value))
        next += 1
    }

    mutating func bind(_ value: Bool) {
        bind(value ? 1 : 0)
    }

    /// The identifier's text, as `DeliveryID.description` spells it, written on
    /// the stack rather than in a new string per delivery.
    mutating func bind(_ id: DeliveryID) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DeliveryID.textLength) { text in
            let count = id.writeText(to: text)
            _ = sqlite3_bind_text(
                statement, next, UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(count),
                transient)
        }
        next += 1
    }

    mutating func bind(_ date: Date) {
        bind(date.timeIntervalSinceReferenceDate)
    }

    mutating func bind(_ text: String?) {
        if let text { bind(text) } else { bindNull() }
    }

    mutating func bindNull() {
        sqlite3_bind_null(statement, next)
        next += 1
    }

    /// SQLite makes its own copy of the bytes before the call returns.
    private var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}
