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
        // Not `consuming` like the others: Swift 6.3.1 lost a consuming optional closure
        // passed through `??` in a debug build (the subscription never saw its values).
        subscribe(receiving: next ?? { _ in }, error ?? { _ in }, completed ?? {})
    }

    /// Subscribes to values only.
    @inlinable
    @discardableResult
    public func subscribeNext(_ next: consuming @escaping @Sendable (Value) -> Void) -> any Disposable {
        subscribe(receiving: next, { _ in }, {})
    }

    /// Subscribes to the error only.
    @inlinable
    @discardableResult
    public func subscribeError(_ error: consuming @escaping @Sendable (Failure) -> Void) -> any Disposable {
        subscribe(receiving: { _ in }, error, {})
    }

    /// Subscribes to completion only.
    @inlinable
    @discardableResult
    public func subscribeCompleted(_ completed: consuming @escaping @Sendable () -> Void) -> any Disposable {
        subscribe(receiving: { _ in }, { _ in }, completed)
    }

    /// Subscribes with one closure that receives every event.
    @inlinable
    @discardableResult
    public func subscribeEvents(_ handler: @escaping @Sendable (Event<Value, Failure>) -> Void) -> any Disposable {
        subscribe(
            receiving: { handler(.next($0)) },
            { handler(.error($0)) },
            { handler(.completed) }
        )
    }

    /// Subscribes closures: straight into a subject's list when this is a subject's output
    /// (no observer object), through an `Observer` and the start handler otherwise.
    ///
    /// The closures are taken, not borrowed, and moved into the subject's list: copied
    /// there instead, each copy would retain the subscriber's context once more, and the
    /// caller's own reference would be released only after the subject's lock (2 atomic
    /// operations more per subscription).
    @inlinable
    func subscribe(
        receiving next: consuming @escaping @Sendable (Value) -> Void,
        _ error: consuming @escaping @Sendable (Failure) -> Void,
        _ completed: consuming @escaping @Sendable () -> Void
    ) -> any Disposable {
        guard case .subject(let subject) = kind else {
            return subscribe(Observer(next: next, error: error, completed: completed))
        }
        // The start handler holds the subject alive while `self` exists.
        let lifetime = subject._withUnsafeGuaranteedRef { $0.makeLifetime() }
        var receiver = Optional(Receiver(next: next, error: error, completed: completed, lifetime: lifetime))
        subject._withUnsafeGuaranteedRef { $0.start(receiver.take()!) }
        return lifetime
    }
}
