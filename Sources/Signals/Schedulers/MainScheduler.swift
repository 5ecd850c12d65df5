public import Foundation

/// The scheduler of the main thread (Dispatch's main queue).
///
/// Actions always run later, never inside `schedule`, even when called on the main thread.
/// A process must run the main queue (`dispatchMain()`, a run loop, or a GUI main loop)
/// for them to run.
public final class MainScheduler: DateScheduler {
    /// The main scheduler.
    public static let shared = MainScheduler()

    private let base = QueueScheduler(queue: .main)

    private init() {}

    public var now: Date { base.now }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        base.schedule(action)
    }

    @discardableResult
    public func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> any Disposable {
        base.schedule(after: date, action: action)
    }

    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        base.schedule(after: date, interval: interval, leeway: leeway, action: action)
    }
}
