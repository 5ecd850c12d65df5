public import Foundation

extension Signal where Value == Date, Failure == Never {
    /// A signal that sends the scheduler's date every `seconds` seconds, forever
    /// (RAC's `+interval:onScheduler:withLeeway:`).
    ///
    /// The first date comes `seconds` after subscription; disposing stops the timer.
    /// `leeway` is how late the scheduler may fire to save power (virtual time ignores it).
    ///
    /// ```swift
    /// let ticks = Signal<Date, Never>.interval(1, on: scheduler)
    /// ticks.take(3).subscribeNext { print($0) }   // three dates, one second apart
    /// ```
    ///
    /// - Precondition: `seconds > 0`.
    public static func interval(_ seconds: TimeInterval, on scheduler: any DateScheduler, leeway: TimeInterval = 0) -> Signal {
        precondition(seconds > 0, "interval needs seconds > 0, got \(seconds)")
        return Signal { observer in
            let first = scheduler.now.addingTimeInterval(seconds)
            return scheduler.schedule(after: first, interval: seconds, leeway: leeway) {
                observer.send(scheduler.now)
            }
        }
    }

    /// A signal that sends the scheduler's date once, `seconds` after subscription, then completes.
    ///
    /// ```swift
    /// Signal<Date, Never>.timer(after: 5, on: scheduler).subscribeCompleted { print("five seconds") }
    /// ```
    ///
    /// - Precondition: `seconds >= 0`.
    public static func timer(after seconds: TimeInterval, on scheduler: any DateScheduler) -> Signal {
        precondition(seconds >= 0, "timer needs seconds >= 0, got \(seconds)")
        return Signal { observer in
            scheduler.schedule(afterDelay: seconds) {
                observer.send(scheduler.now)
                observer.sendCompleted()
            }
        }
    }
}
