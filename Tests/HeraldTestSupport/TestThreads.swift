import Foundation
import Synchronization

/// A task executor for tests that block their thread or compute for long: its jobs
/// run on threads of its own, as many as the machine has cores, and one more
/// whenever no job has started for a moment while some wait (every thread is then
/// blocked or busy with a long job).
///
/// Swift concurrency runs tasks on as many threads as there are cores (two here),
/// and on Linux adds none while they are blocked or busy. A test whose body waits
/// (for threads, a process, a socket) or computes for seconds there holds up every
/// other test of the process: on a loaded machine, runs of the suite stood still
/// for 30 to 48 s while two such tests had both threads, and tests that waited on a
/// deadline of their own failed. Tests marked ``Trait/offThePool`` run here instead.
/// Its threads are bounded the same way, so that many such tests at once do not
/// take the processor from everything else either.
public final class TestThreads: TaskExecutor, Sendable {
    /// The executor every ``OffThePool`` test runs on.
    public static let shared = TestThreads(width: ProcessInfo.processInfo.activeProcessorCount)

    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        var threads = 0
        /// Threads waiting for a job that no job has been promised to.
        var idle = 0
        var lastStart = ContinuousClock.now
        var watching = false

        var waiting: Int { jobs.count - next }
    }

    private let width: Int
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// How long queued jobs may wait without any job starting before a thread is added.
    private let patience: TimeInterval = 0.2
    /// How long a thread without work waits before it ends.
    private let linger = DispatchTimeInterval.seconds(10)

    private init(width: Int) {
        self.width = max(width, 1)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        enum Next { case wake, spawn, watch, nothing }
        let next = state.withLock { state -> Next in
            state.jobs.append(job)
            if state.idle > 0 {
                state.idle -= 1
                return .wake
            }
            if state.threads < width {
                state.threads += 1
                return .spawn
            }
            guard !state.watching else { return .nothing }
            state.watching = true
            return .watch
        }
        switch next {
        case .wake: wake.signal()
        case .spawn: Thread { [self] in work() }.start()
        case .watch: Thread { [self] in watch() }.start()
        case .nothing: break
        }
    }

    private func work() {
        while true {
            while let job = takeJob() {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            guard waitForJob() else { return }
        }
    }

    private func takeJob() -> UnownedJob? {
        state.withLock { state in
            guard state.waiting > 0 else { return nil }
            let job = state.jobs[state.next]
            state.next += 1
            state.lastStart = .now
            if state.waiting == 0 {
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
            }
            return job
        }
    }

    /// Waits until a job is promised to this thread; `false` when none came in time
    /// and the thread has ended its part.
    private func waitForJob() -> Bool {
        state.withLock { $0.idle += 1 }
        if wake.wait(timeout: .now() + linger) == .success { return true }
        let leaves = state.withLock { state in
            // Still counted idle: no job was promised to this thread, so it can go.
            guard state.idle > 0 else { return false }
            state.idle -= 1
            state.threads -= 1
            return true
        }
        if leaves { return false }
        // A job was promised between the timeout and the lock: its signal is coming.
        wake.wait()
        return true
    }

    /// While jobs wait, adds a thread each time none has started for ``patience``.
    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: patience)
            let stuck = state.withLock { state -> Bool? in
                guard state.waiting > 0 else {
                    state.watching = false
                    return nil
                }
                guard ContinuousClock.now - state.lastStart >= .seconds(patience), state.idle == 0 else { return false }
                state.threads += 1
                state.lastStart = .now
                return true
            }
            switch stuck {
            case nil: return
            case true?: Thread { [self] in work() }.start()
            case false?: continue
            }
        }
    }
}
