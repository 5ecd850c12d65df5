/// The values of a signal as an `AsyncSequence` (see `Signal.values`).
///
/// Each iterator subscribes when it is first asked for an element, buffers values without
/// limit until they are asked for, ends when the signal completes and throws the signal's
/// error (typed: `Failure`). Cancelling the iterating task, or dropping the iterator,
/// disposes the subscription; a cancelled iteration ends (returns `nil`) rather than throws.
///
/// ```swift
/// for try await reminder in reminders.values {
///     print(reminder)
/// }
/// ```
public struct AsyncSignalSequence<Value: Sendable, Failure: Error>: AsyncSequence, Sendable {
    public typealias Element = Value

    private let signal: Signal<Value, Failure>

    init(_ signal: Signal<Value, Failure>) {
        self.signal = signal
    }

    /// Creates an iterator with its own subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(handle: IteratorHandle(buffer: AsyncSignalBuffer(signal)))
    }

    /// Iterates one subscription to the signal.
    public struct Iterator: AsyncIteratorProtocol {
        private let handle: IteratorHandle<Value, Failure>

        fileprivate init(handle: IteratorHandle<Value, Failure>) {
            self.handle = handle
        }

        /// The next value; `nil` once the signal completed or the task was cancelled.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Value? {
            try await handle.buffer.next().get()
        }

        /// The next value; `nil` once the signal completed or the task was cancelled.
        public mutating func next() async throws(Failure) -> Value? {
            try await handle.buffer.next().get()
        }
    }
}

/// Owned by exactly one iterator: when the iterator is dropped, the subscription ends.
/// (The buffer itself is also kept alive by the subscription, so it cannot do this.)
private final class IteratorHandle<Value: Sendable, Failure: Error>: Sendable {
    let buffer: AsyncSignalBuffer<Value, Failure>

    init(buffer: AsyncSignalBuffer<Value, Failure>) {
        self.buffer = buffer
    }

    deinit {
        buffer.cancel()
    }
}

extension Signal {
    /// The signal's values as an `AsyncSequence`; each iteration subscribes once.
    ///
    /// ```swift
    /// let subject = Subject<Int, Never>()
    /// Task {
    ///     for await number in subject.signal.values { print(number) }
    /// }
    /// ```
    public var values: AsyncSignalSequence<Value, Failure> {
        AsyncSignalSequence(self)
    }
}
