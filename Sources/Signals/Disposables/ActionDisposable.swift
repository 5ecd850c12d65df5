public import Synchronization

/// A disposable that runs a closure the first time it is disposed, and releases it.
///
/// ```swift
/// let timer = ActionDisposable { source.cancel() }
/// ```
public final class ActionDisposable: Disposable {
    @usableFromInline
    let action: Locked<(@Sendable () -> Void)?>
    @usableFromInline
    let disposed = Atomic<Bool>(false)

    /// Creates a disposable that runs `action` once, on the first `dispose()`.
    @inlinable
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = Locked(action)
    }

    /// Creates a disposable with nothing to run: it only records that it was disposed.
    @inlinable
    public init() {
        self.action = Locked(nil)
    }

    @inlinable
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    @inlinable
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
