import Synchronization

/// Runs the attempts of one `retry` subscription. Errors sent synchronously while subscribing
/// are handled by looping, not recursing, so a source that fails at once does not grow the stack.
final class RetryStorage<Value: Sendable, Failure: Error>: Sendable {
    /// The subscription of the current attempt.
    let current = SerialDisposable()
    private let source: Signal<Value, Failure>
    private let downstream: Observer<Value, Failure>
    private let state: Locked<RetryState>

    init(source: Signal<Value, Failure>, downstream: Observer<Value, Failure>, retries: Int) {
        self.source = source
        self.downstream = downstream
        self.state = Locked(RetryState(retries: retries))
    }

    /// Subscribes, and again for each retry an attempt asked for while it was subscribing.
    func attempt() {
        var again = true
        while again && downstream.isActive && !current.isDisposed {
            state.withLock { $0.beginAttempt() }
            source.subscribe(observer(), heldBy: { current.inner = $0 })
            again = state.withLock { $0.endAttempt() }
        }
    }

    private func observer() -> Observer<Value, Failure> {
        Observer(
            next: { [downstream] in downstream.send($0) },
            error: { [self] error in
                switch state.withLock({ $0.receiveError() }) {
                case .fail: downstream.send(error: error)
                case .resubscribe: attempt()
                case .deferToLoop: break
                }
            },
            completed: { [downstream] in downstream.sendCompleted() }
        )
    }
}
