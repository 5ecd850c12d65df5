extension Signal {
    /// Subscribes with a closure per kind of event; each is optional.
    ///
    /// ```swift
    /// signal.subscribe(next: { print($0) }, error: { print("failed:", $0) }, completed: { print("done") })
    /// ```
    @inlinable
    @discardableResult
    public func subscribe(
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        subscribe(Observer(next: next ?? { _ in }, error: error ?? { _ in }, completed: completed ?? {}))
    }

    /// Subscribes to values only.
    @inlinable
    @discardableResult
    public func subscribeNext(_ next: @escaping @Sendable (Value) -> Void) -> any Disposable {
        subscribe(Observer(next: next))
    }

    /// Subscribes to the error only.
    @inlinable
    @discardableResult
    public func subscribeError(_ error: @escaping @Sendable (Failure) -> Void) -> any Disposable {
        subscribe(Observer(error: error))
    }

    /// Subscribes to completion only.
    @inlinable
    @discardableResult
    public func subscribeCompleted(_ completed: @escaping @Sendable () -> Void) -> any Disposable {
        subscribe(Observer(completed: completed))
    }

    /// Subscribes with one closure that receives every event.
    @inlinable
    @discardableResult
    public func subscribeEvents(_ handler: @escaping @Sendable (Event<Value, Failure>) -> Void) -> any Disposable {
        subscribe(Observer(handler))
    }
}
