/// Receives the events of one subscription to a signal.
///
/// Inside `Signal { observer in … }` the start handler sends events with
/// `send(_:)`, `send(error:)` and `sendCompleted()`. The observer enforces the
/// signal grammar: values until the first error or completion, nothing after it,
/// and nothing after the subscription is disposed. A terminating event also
/// disposes the upstream work (the disposable the start handler returned).
///
/// Events sent to one observer must not overlap: a start handler that sends from
/// several threads serializes its sends (subjects and operators do so for you).
public final class Observer<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    let onNext: @Sendable (Value) -> Void
    @usableFromInline
    let onError: @Sendable (Failure) -> Void
    @usableFromInline
    let onCompleted: @Sendable () -> Void
    @usableFromInline
    let lifetime: SubscriptionLifetime

    /// Creates an observer from a closure per kind of event.
    @inlinable
    public init(
        next: @escaping @Sendable (Value) -> Void = { _ in },
        error: @escaping @Sendable (Failure) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {}
    ) {
        self.onNext = next
        self.onError = error
        self.onCompleted = completed
        self.lifetime = SubscriptionLifetime()
    }

    /// Creates an observer from one closure that receives every event.
    @inlinable
    public convenience init(_ handler: @escaping @Sendable (Event<Value, Failure>) -> Void) {
        self.init(
            next: { handler(.next($0)) },
            error: { handler(.error($0)) },
            completed: { handler(.completed) }
        )
    }

    /// Whether the subscription still accepts events (not terminated, not disposed).
    @inlinable
    public var isActive: Bool {
        lifetime.isActive
    }

    /// Sends a value; ignored after termination or disposal.
    @inlinable
    public func send(_ value: Value) {
        if lifetime.isActive { onNext(value) }
    }

    /// Sends an error and ends the subscription; ignored after termination or disposal.
    @inlinable
    public func send(error: Failure) {
        guard lifetime.beginTermination() else { return }
        onError(error)
        lifetime.endUpstream()
    }

    /// Completes the subscription; ignored after termination or disposal.
    @inlinable
    public func sendCompleted() {
        guard lifetime.beginTermination() else { return }
        onCompleted()
        lifetime.endUpstream()
    }

    /// Sends an event.
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        switch event {
        case .next(let value): send(value)
        case .error(let error): send(error: error)
        case .completed: sendCompleted()
        }
    }
}
