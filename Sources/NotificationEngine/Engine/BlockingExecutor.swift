import Dispatch

/// A task executor for work that waits on the database without `await`: the
/// engine's and the daemon's PostgreSQL calls block their thread for each round
/// trip. Run on Swift concurrency's default threads (one per core) such calls
/// would hold them, and every other task would wait; this executor's threads come
/// from a Dispatch queue that adds threads while others are blocked.
///
/// Used only on PostgreSQL: by the engine's `async` calls and by the daemon's
/// request handling. On SQLite a call takes microseconds, and the extra thread
/// hop would cost more than it saves.
package final class BlockingExecutor: TaskExecutor {
    package static let shared = BlockingExecutor()

    private let queue = DispatchQueue(label: "herald.blocking", attributes: .concurrent)

    private init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
