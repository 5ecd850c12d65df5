/// One event of a signal: a value, an error, or completion.
///
/// A signal sends any number of `.next` events followed by at most one
/// terminating event (`.error` or `.completed`), and nothing after it.
/// `Signal.materialize()` turns events into values, `dematerialize()` turns them back.
public enum Event<Value: Sendable, Failure: Error>: Sendable {
    /// A value.
    case next(Value)
    /// The signal failed; nothing follows.
    case error(Failure)
    /// The signal finished successfully; nothing follows.
    case completed

    /// Whether this event ends the signal.
    @inlinable
    public var isTerminating: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// The value of a `.next` event, or `nil`.
    @inlinable
    public var value: Value? {
        if case .next(let value) = self { value } else { nil }
    }

    /// The error of an `.error` event, or `nil`.
    @inlinable
    public var error: Failure? {
        if case .error(let error) = self { error } else { nil }
    }

    /// The same event with its value transformed.
    @inlinable
    public func map<NewValue>(_ transform: (Value) -> NewValue) -> Event<NewValue, Failure> {
        switch self {
        case .next(let value): .next(transform(value))
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

extension Event: Equatable where Value: Equatable, Failure: Equatable {}

extension Event: CustomStringConvertible {
    public var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}
