import Synchronization

/// Holds the state of one `switchToLatest` subscription under a lock and runs its effects:
/// subscribing the current inner signal and forwarding only its events.
final class SwitchToLatestStorage<Inner: Sendable, Failure: Error>: Sendable {
    let output: SerializedObserver<Inner, Failure>
    /// The subscription to the current inner signal; replacing it disposes the previous one.
    let current = SerialDisposable()
    private let state = Locked(SwitchToLatestState())

    init(_ downstream: Observer<Inner, Failure>) {
        output = SerializedObserver(downstream)
    }

    /// Makes `inner` the current signal: disposes the previous subscription and subscribes.
    func switchTo(_ inner: Signal<Inner, Failure>) {
        let generation = state.withLock { $0.beginInner() }
        inner.subscribe(observer(for: generation), heldBy: { current.inner = $0 })
    }

    func completeOuter() {
        if state.withLock({ $0.completeOuter() }) { output.sendCompleted() }
    }

    /// An observer for the inner signal of `generation`; it drops events once that signal is replaced.
    private func observer(for generation: Int) -> Observer<Inner, Failure> {
        Observer(
            // Checked under the output's lock: a value of a replaced inner signal can then not
            // be delivered after a value of the signal that replaced it.
            next: { [self] value in
                output.send(.next(value), if: { isCurrent(generation) })
            },
            error: { [self] error in
                output.send(.error(error), if: { isCurrent(generation) })
            },
            completed: { [self] in
                if state.withLock({ $0.completeInner(generation) }) { output.sendCompleted() }
            }
        )
    }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.isCurrent(generation) }
    }
}
