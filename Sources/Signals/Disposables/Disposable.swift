/// Cancels work and releases resources: a subscription, a scheduled action, a timer.
///
/// `dispose()` is idempotent and thread-safe; once it returns, the work it
/// guards delivers nothing more.
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
