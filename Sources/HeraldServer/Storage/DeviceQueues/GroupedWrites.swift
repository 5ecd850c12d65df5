import GRDB
import PushService
import Synchronization

/// The writes of ``SQLiteDeviceQueues``, committed in groups (``GroupCommitQueue``):
/// calls that arrive while a transaction is under way (a provider's pushes for many
/// devices, the links of those devices taking them and acknowledging them) go
/// together into the next one instead of one transaction each. Each call runs in a
/// savepoint of its own, so one that throws (a full queue) changes nothing and fails
/// alone; each returns once the transaction holding it is committed.
final class GroupedWrites: Sendable {
    /// One call's work in a group.
    struct Work: Sendable {
        let run: @Sendable (Database) throws -> Void
    }

    private let queue: GroupCommitQueue<Work, Void>

    /// Writes into `database`, on a Dispatch queue named `label`.
    init(database: DatabaseQueue, label: String) {
        queue = GroupCommitQueue(label: label) { works in
            var results: [Result<Void, any Error>] = []
            do {
                try database.write { db in
                    results = works.map { work in
                        Result {
                            try db.inSavepoint {
                                try work.run(db)
                                return .commit
                            }
                        }
                    }
                }
            } catch {
                return works.map { _ in .failure(error) }
            }
            return results
        }
    }

    /// Runs `body` in the next group's transaction and returns what it made, once
    /// that transaction is committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let made = Mutex<T?>(nil)
        try await queue.submit(Work { db in
            let value = try body(db)
            made.withLock { $0 = value }
        })
        guard let value = made.withLock({ $0 }) else {
            throw PushServiceError(.storeFailure, "a grouped write committed without its result")
        }
        return value
    }

    /// ``write(_:)``, a failure becoming ``PushServiceError`` `storeFailure` naming
    /// `action` (``PushStoreFailure``).
    func write<T: Sendable>(
        _ action: @autoclosure () -> String, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await write(body)
        } catch {
            return try PushStoreFailure.guarding(action()) { throw error }
        }
    }
}
