/// Wraps a disposable and disposes it when the wrapper is deinitialized.
///
/// Keep one as a property to tie a subscription to an object's lifetime:
///
/// ```swift
/// final class Screen {
///     let subscription: ScopedDisposable
///     init(updates: Signal<String, Never>) {
///         subscription = ScopedDisposable(updates.subscribeNext { print($0) })
///     }
/// }
/// ```
public final class ScopedDisposable: Disposable {
    /// The disposable this wrapper owns.
    public let inner: any Disposable

    /// Takes ownership of `inner`.
    public init(_ inner: any Disposable) {
        self.inner = inner
    }

    public var isDisposed: Bool { inner.isDisposed }

    public func dispose() { inner.dispose() }

    deinit { inner.dispose() }
}

extension Disposable {
    /// Wraps this disposable in a `ScopedDisposable` that disposes it on deinit.
    public func scoped() -> ScopedDisposable {
        ScopedDisposable(self)
    }

    /// Adds this disposable to `composite`, to be disposed with it.
    public func disposed(by composite: CompositeDisposable) {
        composite.add(self)
    }
}
