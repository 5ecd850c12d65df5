import BenchmarkSupport
import Dispatch
import Foundation
import GRDB
import HeraldAPI
import Synchronization

/// D1's second peer: what the bare peer does, plus making each add durable the
/// least costly way on this machine — its JSON inserted as a row of the store's
/// pending table (version 2: without a rowid, its three indexes) in a SQLite file
/// configured as the store configures its own (WAL, `synchronous=NORMAL`, 4 KiB
/// pages, the writer's automatic checkpoint at 4,096 pages, passive checkpoints
/// ten times a second on a connection of their own, repeated until the log can
/// start over — since 2026-11-27; before, the writer's own checkpoint every 250
/// pages), through bare GRDB 7.10.0 and a
/// cached statement, with textbook group commit: the adds that arrive while a
/// transaction commits go together in the next one, each answered once its
/// transaction has committed.
///
/// No validation, pending limit, replacement, due queue, events or outbox: this is
/// the floor of a durable HTTP add on this machine, with the same HTTP stack and JSON.
final class DurableFloor: Sendable {
    private struct Row {
        let app: String
        let identifier: String
        let nextFire: Double
        let json: String
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var waiting: [Row] = []
        var committing = false
    }

    private let pool: DatabasePool
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "floor.commits", qos: .userInitiated)
    /// Set once, cancelled when the floor goes; Dispatch sources are thread-safe.
    nonisolated(unsafe) private let checkpoints: any DispatchSourceTimer

    /// A new database in `directory`.
    init(directory: URL) throws {
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = 4096")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 4096")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("floor.sqlite").path
        pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in try db.execute(sql: FloorSchema.pendingWithoutRowID) }
        let checkpointer = try DatabaseQueue(path: path)
        checkpoints = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "floor.checkpoints", qos: .utility))
        checkpoints.schedule(deadline: .now(), repeating: 0.1, leeway: .milliseconds(20))
        checkpoints.setEventHandler {
            _ = try? checkpointer.writeWithoutTransaction { db in
                var previousLength = -1
                for _ in 0..<8 {
                    let (length, copied) = try db.checkpoint(.passive)
                    if length <= 0 || (length == previousLength && copied >= length) { return }
                    previousLength = length
                }
            }
        }
        checkpoints.resume()
    }

    deinit {
        checkpoints.cancel()
    }

    /// Inserts `request` for `app` as the store would keep it; returns once it is committed.
    func add(_ request: API.Request, for app: String) async throws {
        let interval: Double = if case .timeInterval(let seconds, _)? = request.trigger { seconds } else { 0 }
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        let nextFire = Date().timeIntervalSinceReferenceDate + interval
        try await withCheckedThrowingContinuation { continuation in
            let starts = state.withLock { state -> Bool in
                state.waiting.append(
                    Row(app: app, identifier: request.identifier, nextFire: nextFire, json: json, continuation: continuation))
                defer { state.committing = true }
                return !state.committing
            }
            if starts { queue.async { self.commit() } }
        }
    }

    /// How many rows `app` has.
    func count(for app: String) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending WHERE app = ?", arguments: [app]) ?? 0
        }
    }

    /// Commits what waits, a transaction at a time, until nothing does.
    private func commit() {
        while true {
            let rows = state.withLock { state -> [Row] in
                defer { state.waiting.removeAll(keepingCapacity: true) }
                if state.waiting.isEmpty { state.committing = false }
                return state.waiting
            }
            guard !rows.isEmpty else { return }
            let now = Date().timeIntervalSinceReferenceDate
            let result = Result {
                try pool.write { db in
                    let statement = try db.cachedStatement(sql: FloorSchema.insertPending)
                    for row in rows {
                        try statement.execute(arguments: [row.app, row.identifier, row.nextFire, now, false, row.json])
                    }
                }
            }
            for row in rows { row.continuation.resume(with: result) }
        }
    }
}
