import Synchronization

/// Runs asynchronous operations one at a time, in the order they were enqueued,
/// so that fire-and-forget calls such as `removeAllPendingNotificationRequests()`
/// take effect before any call made after them.
final class SerialOperationQueue: Sendable {
    /// Completes when the last enqueued operation has finished.
    private let tail = Mutex<Task<Void, Never>?>(nil)

    /// Enqueues `operation` after every operation enqueued before it.
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        tail.withLock { tail in
            let previous = tail
            let task = Task {
                await previous?.value
                return try await operation()
            }
            tail = Task { _ = await task.result }
            return task
        }
    }
}
