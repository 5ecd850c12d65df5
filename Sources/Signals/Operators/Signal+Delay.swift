public import Foundation

extension Signal {
    /// Sends every value and the completion `interval` seconds later, on `scheduler`,
    /// in the original order (RAC's `delay:`).
    ///
    /// An error is not delayed: it is forwarded at once, and the values still waiting are
    /// dropped. Disposing cancels everything still waiting.
    ///
    /// ```swift
    /// letters.delay(1, on: scheduler)   // A at 0 s, B at 2 s  →  A at 1 s, B at 3 s
    /// ```
    ///
    /// - Precondition: `interval >= 0`.
    public func delay(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal {
        precondition(interval >= 0, "delay needs an interval >= 0, got \(interval)")
        return Signal { observer in
            let emitter = LockedEmitter(DelayQueue<Value, Failure>(), downstream: observer)
            let timers = CompositeDisposable()
            let later: @Sendable (Event<Value, Failure>) -> Void = { event in
                let number = emitter.update { queue, _ in queue.append(event) }
                timers.scheduleRelease(through: number, of: emitter, after: interval, on: scheduler)
            }
            observer.lifetime.attach(timers)
            self.subscribe(Observer(
                next: { later(.next($0)) },
                error: { error in
                    emitter.update { queue, outbox in
                        queue.removeAll()
                        outbox.send(.error(error))
                    }
                },
                completed: { later(.completed) }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}

/// The events `delay` holds, numbered in arrival order.
///
/// Each event has its own timer. A timer releases its event and every earlier one still
/// held, so events leave in arrival order even if a scheduler ran two timers out of order.
struct DelayQueue<Value: Sendable, Failure: Error>: Sendable {
    private var events: [(number: UInt64, event: Event<Value, Failure>)] = []
    private var nextNumber: UInt64 = 0

    init() {}

    /// Holds `event`; returns its number.
    mutating func append(_ event: Event<Value, Failure>) -> UInt64 {
        defer { nextNumber += 1 }
        events.append((nextNumber, event))
        return nextNumber
    }

    /// Removes and returns the events numbered up to `number`, in order.
    mutating func release(through number: UInt64) -> [Event<Value, Failure>] {
        let count = events.prefix { $0.number <= number }.count
        defer { events.removeFirst(count) }
        return events.prefix(count).map(\.event)
    }

    mutating func removeAll() {
        events.removeAll()
    }
}

extension CompositeDisposable {
    /// Schedules the release of the delayed events up to `number`, keeping the timer in this
    /// composite until it has fired.
    fileprivate func scheduleRelease<Value, Failure>(
        through number: UInt64,
        of emitter: LockedEmitter<DelayQueue<Value, Failure>, Value, Failure>,
        after interval: TimeInterval,
        on scheduler: any DateScheduler
    ) {
        let slot = SerialDisposable()
        add(slot)
        slot.inner = scheduler.schedule(afterDelay: interval) { [self] in
            emitter.update { queue, outbox in
                for event in queue.release(through: number) { outbox.send(event) }
            }
            remove(slot)
            slot.dispose()
        }
    }
}
