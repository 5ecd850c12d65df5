import Foundation

/// One subscription of `timeout`: the state machine under a lock and the downstream observer,
/// serialized because the timer fires on the scheduler while the upstream sends on its own.
///
/// Values do not take the state machine's lock: only the two terminal events do, once each.
final class TimeoutStorage<Value: Sendable, Failure: Error>: Sendable {
    private let output: SerializedObserver<Value, Failure>
    private let state = Locked(TimeoutStateMachine())
    private let timeoutError: Failure

    init(downstream: Observer<Value, Failure>, timeoutError: Failure) {
        self.output = SerializedObserver(downstream)
        self.timeoutError = timeoutError
    }

    /// Starts the timer; the result cancels it (the downstream's lifetime holds it, so the
    /// signal's end cancels it too).
    func startTimer(after interval: TimeInterval, on scheduler: any DateScheduler) -> any Disposable {
        scheduler.schedule(afterDelay: interval) { [self] in fire() }
    }

    func next(_ value: Value) {
        output.send(value)
    }

    /// The upstream's error or completion.
    func terminate(with event: Event<Value, Failure>) {
        switch state.withLock({ $0.upstreamTerminated() }) {
        case .forward: output.send(event)
        case .drop: break
        }
    }

    private func fire() {
        switch state.withLock({ $0.timerFired() }) {
        case .fail: output.send(error: timeoutError)
        case .ignore: break
        }
    }
}
