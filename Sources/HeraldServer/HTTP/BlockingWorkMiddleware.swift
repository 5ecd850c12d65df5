import Hummingbird
import NotificationEngine

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
