public import Foundation

extension Signal {
    /// Sends a value only once `interval` seconds have passed without a newer value
    /// (RAC's `throttle:`, also known as debounce).
    ///
    /// Each value waits `interval` seconds on `scheduler`; a newer value replaces it and
    /// starts the wait again. On completion the waiting value, if any, is sent at once,
    /// then the completion. An error is forwarded at once and the waiting value dropped.
    ///
    /// ```swift
    /// // Search only once the user stopped typing for half a second.
    /// searchText.throttle(0.5, on: MainScheduler.shared).subscribeNext { search($0) }
    /// ```
    ///
    /// - Precondition: `interval >= 0`.
    public func throttle(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal {
        throttle(interval, on: scheduler, valuesPassingTest: { _ in true })
    }

    /// Throttles only the values for which `predicate` returns `true`; the others are sent
    /// at once (RAC's `throttle:valuesPassingTest:`).
    ///
    /// Any value, throttled or not, replaces the one waiting: a value that fails the test
    /// is sent at once and the waiting value is dropped.
    ///
    /// ```swift
    /// // Throttle typing, but send an emptied field at once.
    /// searchText.throttle(0.5, on: scheduler, valuesPassingTest: { !$0.isEmpty })
    /// ```
    ///
    /// - Precondition: `interval >= 0`.
    public func throttle(
        _ interval: TimeInterval,
        on scheduler: any DateScheduler,
        valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal {
        precondition(interval >= 0, "throttle needs an interval >= 0, got \(interval)")
        return Signal { observer in
            let storage = ThrottleStorage(
                downstream: observer, interval: interval, scheduler: scheduler, predicate: predicate)
            observer.lifetime.attach(storage.disposable)
            self.subscribe(Observer(
                next: { storage.next($0) },
                error: { storage.error($0) },
                completed: { storage.completed() }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
