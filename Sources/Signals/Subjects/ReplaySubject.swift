/// A subject that remembers the last `capacity` values (and its terminating event)
/// and replays them to each new subscriber before the live events.
///
/// Replay and live delivery are serialized: a subscriber never misses or repeats a value
/// sent while it subscribes.
///
/// Closures subscribed to its `signal` directly (`subscribeNext`, `subscribe(next:…)`) do
/// not keep the subject: once nothing holds the subject, its `signal` or its `observer`
/// (so nothing can send to it any more), it is freed with those closures, and disposing
/// their subscriptions afterwards does nothing. A subscription through an operator or
/// an `Observer` keeps it until the subscription ends.
///
/// ```swift
/// let results = ReplaySubject<Int, Never>(capacity: 1)
/// results.send(1)
/// results.send(2)
/// results.signal.subscribeNext { print($0) }   // prints 2
/// ```
public final class ReplaySubject<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    let core: SubjectCore<Value, Failure>

    /// Creates a replay subject that keeps the last `capacity` values
    /// (`Int.max`, the default, keeps all of them).
    ///
    /// - Precondition: `capacity > 0`.
    public init(capacity: Int = .max) {
        precondition(capacity > 0, "ReplaySubject(capacity:) needs a capacity of at least 1, got \(capacity)")
        core = SubjectCore(capacity: capacity)
        signal = Signal(subject: core)
    }

    /// The subject as a signal: each subscription first receives the replayed values.
    public let signal: Signal<Value, Failure>

    /// Records a value and sends it to every current subscriber.
    @inlinable
    public func send(_ value: Value) {
        core.send(value)
    }

    /// Sends an error to every subscriber, now and later, and ends the subject.
    @inlinable
    public func send(error: Failure) {
        core.sendTerminal(.error(error))
    }

    /// Completes every subscriber, now and later, and ends the subject.
    @inlinable
    public func sendCompleted() {
        core.sendTerminal(.completed)
    }

    /// Sends an event.
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        switch event {
        case .next(let value): core.send(value)
        case .error, .completed: core.sendTerminal(event)
        }
    }
}
