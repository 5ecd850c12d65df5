import Dispatch
import Foundation
import GRDB

/// Moves the write-ahead log into the database file ten times a second, on a
/// utility queue and a connection of its own, so that a commit on the fire path
/// seldom pays for a checkpoint: SQLite's automatic checkpoint runs (and syncs the
/// file) inside the commit that takes the log past 1,000 pages, which with this
/// running happens only in a long burst of writes. The automatic checkpoint stays
/// on as the bound on the log's size (a process killed before this ran once, say).
///
/// Passive checkpoints never wait for the writer or readers; what they cannot
/// copy yet, the next one does. The first runs at once, for a log left by a
/// crash. Stops when the store goes away.
final class SQLiteCheckpointer: @unchecked Sendable {
    private let timer: any DispatchSourceTimer

    /// Starts checkpointing the database at `path` every `interval` seconds.
    init(path: String, interval: TimeInterval) throws {
        let connection = try DatabaseQueue(path: path)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Herald.SQLiteStore.checkpoint", qos: .utility))
        timer.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(20))
        timer.setEventHandler {
            _ = try? connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
        }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }
}
