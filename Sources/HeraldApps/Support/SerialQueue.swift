import Synchronization

/// Runs an app's operations one at a time, in the order they were enqueued: an
/// action of the page and a response the user gave in the notification center
/// never interleave their read-change-save-schedule steps. When the app's
/// document is shared with other daemons, each operation also runs as the only
/// one on it among them (``DocumentStore/exclusively(_:)``).
final class SerialQueue: Sendable {
    /// Completes when the last enqueued operation has finished.
    private let tail = Mutex<Task<Void, Never>?>(nil)
    private let exclusive: @Sendable (@escaping @Sendable () async throws -> Void) async throws -> Void

    /// A queue whose operations run inside `store`'s ``DocumentStore/exclusively(_:)``.
    init<Document>(guarding store: DocumentStore<Document>) {
        exclusive = { operation in try await store.exclusively(operation) }
    }

    /// Runs `operation` after every operation enqueued before it and returns its result.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await enqueue(operation).value
    }

    /// Enqueues `operation` after every operation enqueued before it.
    @discardableResult
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        let exclusive = exclusive
        return tail.withLock { tail in
            let previous = tail
            let task = Task {
                await previous?.value
                let result = Mutex<T?>(nil)
                try await exclusive {
                    let value = try await operation()
                    result.withLock { $0 = value }
                }
                guard let value = result.withLock({ $0 }) else { throw CancellationError() }
                return value
            }
            tail = Task { _ = await task.result }
            return task
        }
    }
}
