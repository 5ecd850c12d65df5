#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A value guarded by a pthread mutex, reachable only through `withLock {}`.
///
/// Signals uses it instead of `Synchronization.Mutex` on its hot paths because, measured on
/// this project's Linux machines (Swift 6.3.1, x86_64), an uncontended `Mutex.withLock`
/// costs about 65 ns while a pthread mutex costs about 10 ns — and a subject send or a
/// subscription takes the lock more than once. The API is the same closure-only shape as
/// `Mutex`: there is no way to lock without unlocking. A subject's list, whose critical
/// sections are short and never run subscriber code, uses the cheaper `SpinLocked`.
@usableFromInline
struct Locked<State>: @unchecked Sendable {
    @usableFromInline
    final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    @usableFromInline
    let storage: ManagedBuffer<State, pthread_mutex_t>

    /// Creates a lock guarding `initialState`.
    @inlinable
    init(_ initialState: State) {
        storage = Storage.create(minimumCapacity: 1) { _ in initialState }
        storage.withUnsafeMutablePointerToElements { lock in
            _ = pthread_mutex_init(lock, nil)
        }
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (state, lock) throws(Failure) -> Result in
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return try body(&state.pointee)
        }
    }
}
