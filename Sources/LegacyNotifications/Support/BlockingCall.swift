import Dispatch
import Synchronization

/// Runs the service's `async` work for iOS 8's synchronous calls and waits for
/// it, as iOS's own calls wait for the system's answer.
///
/// The work runs on threads of its own (a task executor over a concurrent
/// dispatch queue), never on Swift's cooperative pool: a caller blocked here may
/// itself be on that pool (a test, a server handler), and the work must not
/// need the thread it blocks. A delegate callback that makes a synchronous call
/// while another is waiting gets a thread too, so nested calls do not deadlock.
enum BlockingCall {
    /// The executor every synchronous call's work runs on.
    static let executor = DispatchTaskExecutor(label: "Herald.LegacyNotifications.calls")

    /// Starts `work` on the calls' executor, unstructured; for work that
    /// synchronous calls may later wait on, such as the service connection.
    static func start<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        Task(executorPreference: executor) { try await work() }
    }

    /// Runs `work` and blocks the calling thread until it has finished.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }
}

/// A task executor whose jobs run on a concurrent dispatch queue, which starts
/// threads as its jobs block.
final class DispatchTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
