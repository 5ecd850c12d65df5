import Dispatch
import Foundation
import GRDB

/// Moves the write-ahead log into the database file ten times a second, on a
/// utility queue and a connection of its own, so that a commit on the fire path
/// does not wait for a checkpoint's two syncs. Stops when the store goes away.
///
/// Copying the log is not enough: the log starts over from its beginning only
/// when a write transaction begins while every frame in it has been copied, and
/// under a steady stream of commits (one a millisecond, as when a request is due
/// every millisecond) each checkpoint ends after a commit came in during its
/// syncs. Then the log only grew, until the writer's own automatic checkpoint
/// (``SQLiteStore``'s bound, 250 pages then) copied the rest and synced both
/// files inside a commit: 336 times in 10 s of E2, with a sync that sometimes
/// takes 100–700 ms on a busy disk, which made those deliveries that late.
///
/// So each run checkpoints again until a checkpoint finds the log no longer
/// than the one before and all of it copied — no commit in between — and the
/// next write starts the log over (which costs that commit one small sync, of
/// the log's new header). A checkpoint with nothing new to copy syncs nothing.
///
/// Passive checkpoints never wait for the writer or readers. The first run is at
/// once, for a log left by a crash.
final class SQLiteCheckpointer: @unchecked Sendable {
    private let timer: any DispatchSourceTimer

    /// Starts checkpointing the database at `path` every `interval` seconds.
    init(path: String, interval: TimeInterval) throws {
        let connection = try DatabaseQueue(path: path)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Herald.SQLiteStore.checkpoint", qos: .utility))
        timer.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(20))
        timer.setEventHandler {
            _ = try? connection.writeWithoutTransaction(Self.catchUp)
        }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// How many checkpoints one run makes at most while commits keep coming in.
    static let attemptsPerRun = 8

    /// Checkpoints until the whole log is copied with no commit in between, or
    /// ``attemptsPerRun`` times.
    static func catchUp(_ db: Database) throws {
        try catchUp { try db.checkpoint(.passive) }
    }

    /// ``catchUp(_:)`` with each checkpoint made by `checkpoint`, which returns
    /// the log's length and how much of it is copied, in frames (-1 when the
    /// database is not in WAL mode).
    static func catchUp(by checkpoint: () throws -> (walFrameCount: Int, checkpointedFrameCount: Int)) rethrows {
        var previousLength = -1
        for _ in 0..<attemptsPerRun {
            let (length, copied) = try checkpoint()
            if length <= 0 || (length == previousLength && copied >= length) { return }
            previousLength = length
        }
    }
}
