import Foundation

/// One subscription of `delay`: the state machine under a lock, one timer per held event,
/// and the downstream observer.
final class DelayStorage<Value: Sendable, Failure: Error>: Sendable {
    private let emitter: LockedEmitter<DelayStateMachine<Value, Failure>, Value, Failure>
    private let timers = CompositeDisposable()
    private let interval: TimeInterval
    private let scheduler: any DateScheduler

    init(downstream: Observer<Value, Failure>, interval: TimeInterval, scheduler: any DateScheduler) {
        self.emitter = LockedEmitter(DelayStateMachine(), downstream: downstream)
        self.interval = interval
        self.scheduler = scheduler
    }

    /// Cancels every timer still waiting.
    var disposable: any Disposable { timers }

    /// Holds a value or the completion until its timer fires.
    func hold(_ event: Event<Value, Failure>) {
        let action = emitter.update { machine, _ in machine.hold(event) }
        switch action {
        case .startTimer(let number):
            startTimer(releasingThrough: number)
        }
    }

    func error(_ error: Failure) {
        emitter.update { machine, outbox in
            machine.failed()
            outbox.send(.error(error))
        }
    }

    /// Schedules the release of the held events up to `number`, keeping the timer in
    /// `timers` until it has fired.
    private func startTimer(releasingThrough number: UInt64) {
        let slot = SerialDisposable()
        timers.add(slot)
        slot.inner = scheduler.schedule(afterDelay: interval) { [self] in
            emitter.update { machine, outbox in
                for event in machine.timerFired(releasingThrough: number) { outbox.send(event) }
            }
            timers.remove(slot)
            slot.dispose()
        }
    }
}
