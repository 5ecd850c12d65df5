import Dispatch
import Hummingbird

/// A task executor for work that waits on the database without `await`: the
/// engine's and the daemon's PostgreSQL calls block their thread for each round
/// trip. Run on Swift concurrency's default threads (one per core) such calls
/// would hold them, and every other task would wait; this executor's threads come
/// from a Dispatch queue that adds threads while others are blocked.
///
/// Used only when the daemon is on PostgreSQL; on SQLite a call takes
/// microseconds, and the extra thread hop would cost more than it saves.
final class BlockingExecutor: TaskExecutor {
    static let shared = BlockingExecutor()

    private let queue = DispatchQueue(label: "herald.blocking", attributes: .concurrent)

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Runs the rest of each request's handling on the ``BlockingExecutor``.
struct BlockingWorkMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            try await next(request, context)
        }
    }
}
