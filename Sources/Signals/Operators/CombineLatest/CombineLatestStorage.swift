import Synchronization

/// Holds the state of one two-signal `combineLatest` subscription under a lock and delivers
/// its outputs: whoever claims delivery sends, then drains what others queued meanwhile.
@usableFromInline
final class CombineLatestStorage<A: Sendable, B: Sendable, Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline let downstream: Observer<Value, Failure>
    @usableFromInline let reduce: @Sendable (A, B) -> Value
    @usableFromInline let state = Locked(CombineLatestState<A, B, Failure>())

    @inlinable
    init(downstream: Observer<Value, Failure>, reduce: @escaping @Sendable (A, B) -> Value) {
        self.downstream = downstream
        self.reduce = reduce
    }

    @inlinable
    func receiveA(_ value: A) {
        deliver(state.withLock { $0.receiveA(value) })
    }

    @inlinable
    func receiveB(_ value: B) {
        deliver(state.withLock { $0.receiveB(value) })
    }

    @inlinable
    func completeA() {
        deliver(state.withLock { $0.completeA() })
    }

    @inlinable
    func completeB() {
        deliver(state.withLock { $0.completeB() })
    }

    @inlinable
    func fail(_ error: Failure) {
        deliver(state.withLock { $0.fail(error) })
    }

    /// Sends `first` (if this caller claimed delivery), then everything queued meanwhile.
    @inlinable
    func deliver(_ first: Event<(A, B), Failure>?) {
        guard var output = first else { return }
        while true {
            switch output {
            case .next(let pair): downstream.send(reduce(pair.0, pair.1))
            case .error(let error): downstream.send(error: error)
            case .completed: downstream.sendCompleted()
            }
            guard let next = state.withLock({ $0.nextQueued() }) else { return }
            output = next
        }
    }
}
