public import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a spin lock, reachable only through `withLock {}`, for state whose
/// critical sections are short, never run subscriber code and never wait: a subject's list
/// (`SubjectCore`). Everything else uses `Locked`, whose waiters sleep.
///
/// Taking it is one compare-and-exchange and giving it up a plain store, where a pthread
/// mutex gives it up with a second atomic read-modify-write and runs about 50 instructions
/// more per lock and unlock. A subject takes its lock twice per send and once each to
/// subscribe and to leave. A thread that finds it taken tries again a few times, then
/// yields its processor, and after many yields sleeps 50 µs between tries, so a holder that
/// was preempted gets to run. It is not fair (a pthread mutex is not either). The API is
/// the closure-only shape of `Mutex`: there is no way to lock without unlocking.
@usableFromInline
struct SpinLocked<State>: @unchecked Sendable {
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline
        let isLocked = Atomic<Bool>(false)
        /// Read and written only while `isLocked` is held.
        @usableFromInline
        @exclusivity(unchecked)
        var state: State

        @inlinable
        init(_ state: State) {
            self.state = state
        }

        /// Waits until the lock is free and takes it.
        @usableFromInline
        func lockContended() {
            var attempts = 0
            while true {
                // Read before trying, so waiters do not take the cache line from the holder.
                if !isLocked.load(ordering: .relaxed),
                    isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
                {
                    return
                }
                attempts += 1
                if attempts < 16 { continue }
                if attempts < 1_000 {
                    sched_yield()
                } else {
                    usleep(50)
                }
            }
        }
    }

    @usableFromInline
    let storage: Storage

    /// Creates a lock guarding `initialState`.
    @inlinable
    init(_ initialState: State) {
        storage = Storage(initialState)
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if !storage.isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            storage.lockContended()
        }
        defer { storage.isLocked.store(false, ordering: .releasing) }
        return try body(&storage.state)
    }
}
