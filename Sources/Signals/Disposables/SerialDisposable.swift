import Synchronization

/// A disposable that holds one inner disposable at a time.
///
/// Setting `inner` disposes the previous one; setting it after `dispose()`
/// disposes the new one at once. `switchToLatest` and `retry` use it to swap
/// subscriptions.
///
/// ```swift
/// let current = SerialDisposable()
/// current.inner = first.subscribeNext { print($0) }
/// current.inner = second.subscribeNext { print($0) }   // ends the first
/// ```
public final class SerialDisposable: Disposable {
    private struct State {
        var inner: (any Disposable)?
        var isDisposed = false
    }

    private let state: Locked<State>

    /// Creates a serial disposable holding `inner`.
    public init(_ inner: (any Disposable)? = nil) {
        state = Locked(State(inner: inner))
    }

    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// The current inner disposable. Setting it disposes the one it replaces.
    public var inner: (any Disposable)? {
        get { state.withLock { $0.inner } }
        set { swap(newValue)?.dispose() }
    }

    /// Replaces the inner disposable and returns the old one without disposing it.
    /// After `dispose()`, the new one is disposed at once and `nil` returned.
    @discardableResult
    public func swap(_ newInner: (any Disposable)?) -> (any Disposable)? {
        let (old, rejected) = state.withLock { state -> ((any Disposable)?, Bool) in
            if state.isDisposed { return (nil, true) }
            defer { state.inner = newInner }
            return (state.inner, false)
        }
        if rejected { newInner?.dispose() }
        return old
    }

    public func dispose() {
        let inner = state.withLock { state -> (any Disposable)? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.inner = nil }
            return state.inner
        }
        inner?.dispose()
    }
}
