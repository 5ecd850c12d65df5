public import Foundation

/// The error of a signal that did not finish in time (see `Signal.timeout(after:on:)`).
///
/// ```swift
/// reply.timeout(after: 5, on: scheduler).subscribeError { print($0.message) }
/// // "no terminal event within 5.0 s"
/// ```
public struct SignalTimeoutError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind { case timedOut }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The signal neither completed nor failed within the allowed time.
        public static let timedOut = Code(.timedOut)

        public var description: String {
            switch kind {
            case .timedOut: "timedOut"
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// How long the signal was allowed to run, in seconds.
    public let interval: TimeInterval
    /// A sentence for people.
    public let message: String

    /// The error of a signal that did not terminate within `interval` seconds.
    public init(interval: TimeInterval) {
        self.code = .timedOut
        self.interval = interval
        self.message = "no terminal event within \(interval) s"
    }

    public var description: String { "SignalTimeoutError.\(code): \(message)" }
}

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
            let serialized = SerializedObserver(observer)
            let timer = scheduler.schedule(afterDelay: interval) { serialized.send(error: timeoutError) }
            observer.lifetime.attach(timer)
            self.subscribe(Observer(
                next: { serialized.send($0) },
                error: { serialized.send(error: mapError($0)) },
                completed: { serialized.sendCompleted() }
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
