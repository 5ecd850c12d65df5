/// Cancels work and releases resources: a subscription, a scheduled action, a timer.
///
/// `dispose()` is idempotent and thread-safe. Once it returns, no new event is
/// delivered: on the disposing thread nothing more arrives, and an event another thread
/// had already begun to deliver at that moment may finish (at most one per subscription,
/// since a subscription receives one event at a time). Disposing never blocks on other
/// threads' subscriber code.
///
/// ```swift
/// let subscription = subject.signal.subscribeNext { print($0) }
/// subscription.dispose()   // nothing is printed after this line
/// ```
public protocol Disposable: AnyObject, Sendable {
    /// Whether `dispose()` has been called (or the work ended by itself).
    var isDisposed: Bool { get }
    /// Cancels the work. Calling it again does nothing.
    func dispose()
}
