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
            let storage = DelayStorage(downstream: observer, interval: interval, scheduler: scheduler)
            observer.lifetime.attach(storage.disposable)
            self.subscribe(Observer(
                next: { storage.hold(.next($0)) },
                error: { storage.error($0) },
                completed: { storage.hold(.completed) }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
