public import Dispatch
public import Foundation

/// A scheduler on a serial Dispatch queue, telling wall-clock time.
///
/// Timed work uses wall-clock deadlines, so a change of the system clock moves it.
///
/// ```swift
/// let background = QueueScheduler(name: "app.background")
/// signal.deliverOn(background).subscribeNext { print($0) }
/// ```
public final class QueueScheduler: DateScheduler {
    /// The serial queue the actions run on.
    public let queue: DispatchQueue

    /// Creates a scheduler on a new serial queue.
    public convenience init(name: String = "Signals.QueueScheduler", qos: DispatchQoS = .default) {
        self.init(queue: DispatchQueue(label: name, qos: qos))
    }

    /// Creates a scheduler on `queue`, which must be serial.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public var now: Date { Date() }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let cancel = ActionDisposable()
        queue.async {
            if !cancel.isDisposed { action() }
        }
        return cancel
    }

    @discardableResult
    public func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> any Disposable {
        let cancel = ActionDisposable()
        queue.asyncAfter(wallDeadline: Self.deadline(for: date)) {
            if !cancel.isDisposed { action() }
        }
        return cancel
    }

    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        precondition(interval > 0, "a repeating schedule needs an interval > 0, got \(interval)")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            wallDeadline: Self.deadline(for: date),
            repeating: .nanoseconds(Self.nanoseconds(interval)),
            leeway: .nanoseconds(Self.nanoseconds(max(0, leeway)))
        )
        timer.setEventHandler(handler: action)
        timer.resume()
        let source = UncheckedTimer(timer)
        return ActionDisposable { source.timer.cancel() }
    }

    static func deadline(for date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        return DispatchWallTime(timespec: spec)
    }

    static func nanoseconds(_ interval: TimeInterval) -> Int {
        Int((interval * 1_000_000_000).rounded())
    }
}

/// A Dispatch timer source; it is thread-safe (its methods may be called from any thread).
private struct UncheckedTimer: @unchecked Sendable {
    let timer: any DispatchSourceTimer
    init(_ timer: any DispatchSourceTimer) { self.timer = timer }
}
