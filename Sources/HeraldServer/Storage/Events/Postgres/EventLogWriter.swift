import Dispatch
import Foundation
import Logging
import NotificationEngine
import Synchronization

/// Appends a node's events to the ``EventTable`` off the caller's thread: ``add(_:)``
/// only queues (the engine publishes on its own queue, which must not wait for
/// the database), and a writer on a dispatch queue of its own appends what
/// waits, in order, in batches of up to ``batchLimit``: while one transaction
/// runs, the next batch gathers.
///
/// **Failures.** A batch that fails is tried again, first, after 0.1 s, doubling
/// up to 5 s (real time: this is the database's availability, not the
/// notifications' clock). Before trying again it asks the log whether the batch
/// was committed after all (the connection lost while committing), so that it is
/// not appended twice. While the database is away events keep waiting, up to
/// ``queueLimit``; past it the oldest events are dropped (their apps' forgets
/// kept) and the loss is logged. Events still waiting when the daemon stops are
/// lost.
final class EventLogWriter: Sendable {
    /// The most entries appended in one transaction.
    static let batchLimit = 512
    /// The most entries waiting for the database before the oldest are dropped.
    static let queueLimit = 16_384

    private struct State {
        var waiting: [EventLogEntry] = []
        /// A batch that failed, to try again before anything else.
        var failed: EventTable.Batch?
        var isWriting = false
        var backoff = RetryBackoff()
        var failures = 0
    }

    private let log: EventTable
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "herald.events.writer")
    private let logger = Logger(label: "herald.events.writer")

    init(log: EventTable) {
        self.log = log
    }

    /// How many appends have failed so far.
    var failures: Int {
        state.withLock { $0.failures }
    }

    /// Queues `entry` for the log and starts the writer if it is idle.
    func add(_ entry: EventLogEntry) {
        let (start, dropped) = state.withLock { state in
            state.waiting.append(entry)
            let dropped = state.waiting.count > Self.queueLimit ? Self.dropOldest(&state) : 0
            defer { state.isWriting = true }
            return (!state.isWriting, dropped)
        }
        if dropped > 0 {
            logger.error("the event log cannot be written: \(dropped) events waiting for it were dropped")
        }
        if start { queue.async { self.drain() } }
    }

    /// Appends batches until nothing waits; after a failure, comes back later.
    private func drain() {
        while let batch = next() {
            do {
                try append(batch)
                state.withLock { $0.backoff.reset() }
            } catch {
                let delay = state.withLock { state in
                    state.failed = batch
                    state.failures += 1
                    return state.backoff.next()
                }
                logger.warning("appending \(batch.entries.count) events to the event log failed, trying again in \(delay): \(error)")
                queue.asyncAfter(deadline: .now() + .milliseconds(Int(delay / .milliseconds(1)))) { [weak self] in
                    self?.drain()
                }
                return
            }
        }
    }

    /// Appends `batch`, unless it is one that failed and was committed after all.
    private func append(_ batch: EventTable.Batch) throws {
        let retried = state.withLock { state in
            defer { state.failed = nil }
            return state.failed != nil
        }
        if retried, try log.wasCommitted(batch) { return }
        try log.append(batch)
    }

    /// The batch to append next: the one that failed, or the oldest waiting
    /// entries; `nil` (the writer going idle) when nothing waits.
    private func next() -> EventTable.Batch? {
        state.withLock { state in
            if let failed = state.failed {
                // Still marked failed: ``append(_:)`` checks whether it was committed.
                return failed
            }
            guard !state.waiting.isEmpty else {
                state.isWriting = false
                return nil
            }
            let count = min(state.waiting.count, Self.batchLimit)
            defer { state.waiting.removeFirst(count) }
            return EventTable.Batch(entries: Array(state.waiting.prefix(count)))
        }
    }

    /// Drops the oldest quarter of the waiting events, keeping the forgets among
    /// them; returns how many it dropped.
    private static func dropOldest(_ state: inout State) -> Int {
        let count = queueLimit / 4
        let forgets = state.waiting.prefix(count).filter { if case .forget = $0 { true } else { false } }
        state.waiting.replaceSubrange(0..<count, with: forgets)
        return count - forgets.count
    }
}
