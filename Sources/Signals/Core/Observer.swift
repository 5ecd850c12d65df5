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
    let receiver: Receiver<Value, Failure>

    @usableFromInline
    var lifetime: SubscriptionLifetime { receiver.lifetime }

    /// Creates an observer from a closure per kind of event.
    @inlinable
    public init(
        next: @escaping @Sendable (Value) -> Void = { _ in },
        error: @escaping @Sendable (Failure) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {}
    ) {
        receiver = Receiver(next: next, error: error, completed: completed, lifetime: SubscriptionLifetime())
    }

    /// An observer delivering to `receiver` (which may share another observer's lifetime).
    @inlinable
    init(receiver: Receiver<Value, Failure>) {
        self.receiver = receiver
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
        receiver.send(value)
    }

    /// Sends an error and ends the subscription; ignored after termination or disposal.
    @inlinable
    public func send(error: Failure) {
        receiver.send(error: error)
    }

    /// Completes the subscription; ignored after termination or disposal.
    @inlinable
    public func sendCompleted() {
        receiver.sendCompleted()
    }

    /// Sends an event.
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        receiver.send(event)
    }
}
