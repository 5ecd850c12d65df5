public import Foundation

extension Signal {
    /// Fails with `error` unless the signal completes or fails within `interval` seconds of
    /// subscription, measured on `scheduler` (RAC's `timeout:onScheduler:`).
    ///
    /// Values pass through unchanged. When time runs out the upstream subscription is
    /// disposed; when the signal terminates first (or the subscription is disposed) the
    /// timer is cancelled.
    ///
    /// ```swift
    /// request.timeout(after: 30, on: scheduler, raising: .timedOut)
    /// ```
    ///
    /// - Precondition: `interval >= 0`.
    public func timeout(after interval: TimeInterval, on scheduler: any DateScheduler, raising error: Failure) -> Signal {
        timeout(after: interval, on: scheduler, raising: error, mapError: { $0 })
    }

    func timeout<NewFailure: Error>(
        after interval: TimeInterval,
        on scheduler: any DateScheduler,
        raising timeoutError: NewFailure,
        mapError: @escaping @Sendable (Failure) -> NewFailure
    ) -> Signal<Value, NewFailure> {
        precondition(interval >= 0, "timeout needs an interval >= 0, got \(interval)")
        return Signal<Value, NewFailure> { observer in
            let storage = TimeoutStorage(downstream: observer, timeoutError: timeoutError)
            observer.lifetime.attach(storage.startTimer(after: interval, on: scheduler))
            self.subscribe(Observer(
                next: { storage.next($0) },
                error: { storage.terminate(with: .error(mapError($0))) },
                completed: { storage.terminate(with: .completed) }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}

extension Signal where Failure == Never {
    /// Fails with a `SignalTimeoutError` unless the signal completes within `interval`
    /// seconds of subscription, measured on `scheduler`.
    ///
    /// ```swift
    /// let reply: Signal<String, SignalTimeoutError> = answers.take(1).timeout(after: 5, on: scheduler)
    /// ```
    ///
    /// - Precondition: `interval >= 0`.
    public func timeout(after interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, SignalTimeoutError> {
        timeout(after: interval, on: scheduler, raising: SignalTimeoutError(interval: interval), mapError: absurd)
    }
}

extension Signal where Failure == SignalTimeoutError {
    /// Fails with a `SignalTimeoutError` unless the signal terminates within `interval`
    /// seconds of subscription, measured on `scheduler`.
    ///
    /// - Precondition: `interval >= 0`.
    public func timeout(after interval: TimeInterval, on scheduler: any DateScheduler) -> Signal {
        timeout(after: interval, on: scheduler, raising: SignalTimeoutError(interval: interval))
    }
}

/// Turns the error of a signal that cannot fail into any error type.
private func absurd<NewFailure>(_ never: Never) -> NewFailure {}
