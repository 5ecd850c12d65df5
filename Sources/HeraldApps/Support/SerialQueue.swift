import Synchronization

/// Runs an app's operations one at a time, in the order they were enqueued: an
/// action of the page and a response the user gave in the notification center
/// never interleave their read-change-save-schedule steps.
final class SerialQueue: Sendable {
    /// Completes when the last enqueued operation has finished.
    private let tail = Mutex<Task<Void, Never>?>(nil)

    /// Runs `operation` after every operation enqueued before it and returns its result.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await enqueue(operation).value
    }

    /// Enqueues `operation` after every operation enqueued before it.
    @discardableResult
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
