extension Signal {
    /// A signal that iterates `sequence` in a new `Task` for each subscription, sending
    /// each element, then completing, or failing with the sequence's error.
    ///
    /// Disposing the subscription cancels its task. The error type is the sequence's:
    /// an `AsyncStream` makes a `Signal<Element, Never>`, an `AsyncThrowingStream` a
    /// `Signal<Element, any Error>`.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    /// Signal(stream).subscribeNext { print($0) }   // a Signal<Int, Never>
    /// continuation.yield(1)                        // prints 1 (from the signal's task)
    /// ```
    public init<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence)
    where Sequence.Element == Value, Sequence.Failure == Failure {
        self.init { observer in
            let task = Task {
                await Self.forward(sequence, to: observer)
            }
            return ActionDisposable { task.cancel() }
        }
    }

    private static func forward<Sequence: AsyncSequence>(_ sequence: Sequence, to observer: Observer<Value, Failure>) async
    where Sequence.Element == Value, Sequence.Failure == Failure {
        var iterator = sequence.makeAsyncIterator()
        do throws(Failure) {
            while observer.isActive, let element = try await iterator.next(isolation: nil) {
                observer.send(element)
            }
            observer.sendCompleted()
        } catch {
            observer.send(error: error)
        }
    }
}
