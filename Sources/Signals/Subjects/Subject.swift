/// A hot signal you send into by hand: every current subscriber receives what is sent.
///
/// Subjects bridge callback code to signals. Sends may come from any number of threads
/// (or re-entrantly from a subscriber): each subscriber still receives one event at a
/// time, in one order, none lost or duplicated. After an error or completion, later
/// sends are ignored and new subscribers receive that terminating event at once.
///
/// Closures subscribed to its `signal` directly (`subscribeNext`, `subscribe(next:…)`) do
/// not keep the subject: once nothing holds the subject, its `signal` or its `observer`
/// (so nothing can send to it any more), it is freed with those closures, and disposing
/// their subscriptions afterwards does nothing. A subscription through an operator or
/// an `Observer` keeps it until the subscription ends.
///
/// ```swift
/// let letters = Subject<String, Never>()
/// letters.signal.subscribeNext { print($0) }
/// letters.send("A")   // prints A
/// ```
public final class Subject<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    let core: SubjectCore<Value, Failure>

    /// Creates a subject with no subscribers.
    @inlinable
    public init() {
        core = SubjectCore(capacity: 0)
        signal = Signal(subject: core)
    }

    /// The subject as a signal: subscribing adds an observer until it is disposed.
    public let signal: Signal<Value, Failure>

    /// Sends a value to every current subscriber.
    @inlinable
    public func send(_ value: Value) {
        core.send(value)
    }

    /// Sends an error to every subscriber and ends the subject.
    @inlinable
    public func send(error: Failure) {
        core.sendTerminal(.error(error))
    }

    /// Completes every subscriber and ends the subject.
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

    /// An observer that forwards every event it receives into this subject.
    public var observer: Observer<Value, Failure> {
        Observer { [core] event in
            switch event {
            case .next(let value): core.send(value)
            case .error, .completed: core.sendTerminal(event)
            }
        }
    }
}
