
/// Serializes events from several sources (threads, inner signals) into one observer.
///
/// Operators with more than one upstream (merge, combineLatest, switchToLatest, …) send
/// through it. The first sender to find it idle delivers, then drains what others queued
/// meanwhile; no lock is held while the observer runs, so re-entrant sends are queued
/// instead of deadlocking.
@usableFromInline
final class SerializedObserver<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var isDelivering = false
        @usableFromInline var queue = DrainQueue<Event<Value, Failure>>()

        @usableFromInline
        init() {}
    }

    @usableFromInline
    let downstream: Observer<Value, Failure>
    @usableFromInline
    let state = Locked(State())

    @inlinable
    init(_ downstream: Observer<Value, Failure>) {
        self.downstream = downstream
    }

    /// Whether the downstream observer still accepts events.
    @inlinable
    var isActive: Bool { downstream.isActive }

    @inlinable
    func send(_ value: Value) {
        send(.next(value))
    }

    @inlinable
    func send(error: Failure) {
        send(.error(error))
    }

    @inlinable
    func sendCompleted() {
        send(.completed)
    }

    @inlinable
    func send(_ event: Event<Value, Failure>) {
        send(event, if: { true })
    }

    /// Sends `event` only if `isAdmitted()` holds, checked under the same lock that orders the
    /// events: an event admitted here is delivered before any event sent after it.
    @inlinable
    func send(_ event: Event<Value, Failure>, if isAdmitted: () -> Bool) {
        let deliverNow = state.withLock { state -> Bool in
            guard isAdmitted() else { return false }
            if state.isDelivering {
                state.queue.append(event)
                return false
            }
            state.isDelivering = true
            return true
        }
        guard deliverNow else { return }
        downstream.send(event)
        while let next = nextQueued() {
            downstream.send(next)
        }
    }

    @inlinable
    func nextQueued() -> Event<Value, Failure>? {
        state.withLock { state in
            let next = state.queue.popFirst()
            if next == nil { state.isDelivering = false }
            return next
        }
    }
}
