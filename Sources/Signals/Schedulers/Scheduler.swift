public import Foundation

/// A serial queue of work: actions run one at a time, in the order scheduled.
///
/// Every action can be cancelled through the disposable `schedule(_:)` returns.
/// Only `ImmediateScheduler` runs work synchronously; every other scheduler runs it
/// later, which keeps signal code free of deadlocks.
public protocol Scheduler: AnyObject, Sendable {
    /// Schedules `action`; disposing the result before it runs cancels it.
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable
}

/// A scheduler that knows the time and can run work at a date.
///
/// The notification engine takes a `DateScheduler` as its clock: `QueueScheduler` in
/// production, `TestScheduler` (virtual time) in tests.
public protocol DateScheduler: Scheduler {
    /// The scheduler's current time.
    var now: Date { get }

    /// Schedules `action` to run at `date` (at once if it is in the past).
    @discardableResult
    func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> any Disposable

    /// Schedules `action` to run at `date`, then every `interval` seconds until disposed.
    /// `leeway` is how late the scheduler may run it to save work (ignored by virtual time).
    ///
    /// - Precondition: `interval > 0`.
    @discardableResult
    func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping @Sendable () -> Void
    ) -> any Disposable
}

extension DateScheduler {
    /// Schedules `action` to run `delay` seconds from now.
    @discardableResult
    public func schedule(afterDelay delay: TimeInterval, action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(after: now.addingTimeInterval(delay), action: action)
    }

    /// Schedules `action` at `date` and then every `interval` seconds, with no leeway.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        schedule(after: date, interval: interval, leeway: 0, action: action)
    }
}
