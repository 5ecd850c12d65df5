import Foundation

/// One subscription of `throttle`: the state machine under a lock, the pending timer,
/// and the downstream observer.
final class ThrottleStorage<Value: Sendable, Failure: Error>: Sendable {
    private let emitter: LockedEmitter<ThrottleStateMachine<Value>, Value, Failure>
    private let timer = SerialDisposable()
    private let interval: TimeInterval
    private let scheduler: any DateScheduler
    private let predicate: @Sendable (Value) -> Bool

    init(
        downstream: Observer<Value, Failure>,
        interval: TimeInterval,
        scheduler: any DateScheduler,
        predicate: @escaping @Sendable (Value) -> Bool
    ) {
        self.emitter = LockedEmitter(ThrottleStateMachine(), downstream: downstream)
        self.interval = interval
        self.scheduler = scheduler
        self.predicate = predicate
    }

    /// Cancels the pending timer.
    var disposable: any Disposable { timer }

    func next(_ value: Value) {
        let throttled = predicate(value)
        let action = emitter.update { machine, outbox in
            let action = machine.next(value, throttled: throttled)
            if case .forward(let value) = action { outbox.send(.next(value)) }
            return action
        }
        switch action {
        case .forward:
            timer.inner = nil
        case .startTimer(let generation):
            timer.inner = scheduler.schedule(afterDelay: interval) { [self] in fire(generation) }
        }
    }

    func error(_ error: Failure) {
        emitter.update { machine, outbox in
            machine.failed()
            outbox.send(.error(error))
        }
    }

    func completed() {
        emitter.update { machine, outbox in
            if let pending = machine.completed() { outbox.send(.next(pending)) }
            outbox.send(.completed)
        }
    }

    private func fire(_ generation: UInt64) {
        emitter.update { machine, outbox in
            if let value = machine.timerFired(generation: generation) { outbox.send(.next(value)) }
        }
    }
}
