/// A push-driven stream of values that ends with at most one error or completion.
///
/// Signals are cold: the work in the start handler runs once for each subscription,
/// and stops when the subscription is disposed.
///
/// ```swift
/// let numbers = Signal<Int, Never> { observer in
///     observer.send(1)
///     observer.send(2)
///     observer.sendCompleted()
///     return nil
/// }
/// numbers.map { $0 * 10 }.subscribeNext { print($0) }   // 10, 20
/// ```
///
/// Values must be `Sendable`: a signal may deliver on any thread (see `deliverOn(_:)`).
public struct Signal<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    let startHandler: @Sendable (Observer<Value, Failure>) -> (any Disposable)?
    /// What the signal is the output of, when subscribing or chaining can use it: a
    /// subject, or a `map` or `filter` stage (see `Kind`).
    @usableFromInline
    let kind: Kind

    /// Creates a cold signal. `startHandler` runs for each subscription; the disposable
    /// it returns (or `nil` when there is nothing to cancel) is disposed when the
    /// subscription ends, by a terminating event or by disposal.
    @inlinable
    public init(_ startHandler: @escaping @Sendable (Observer<Value, Failure>) -> (any Disposable)?) {
        self.startHandler = startHandler
        kind = .plain
    }

    /// A signal whose start handler holds the object `kind` refers to.
    @inlinable
    init(kind: Kind, _ startHandler: @escaping @Sendable (Observer<Value, Failure>) -> (any Disposable)?) {
        self.startHandler = startHandler
        self.kind = kind
    }

    /// The output of a subject: each subscription joins `subject`'s list.
    @inlinable
    init(subject: SubjectCore<Value, Failure>) {
        self.init(kind: .subject(Unmanaged.passUnretained(subject))) { observer in
            subject.subscribe(observer)
            return nil
        }
    }

    /// Starts the signal's work for `observer`; returns what ends it, if anything (a
    /// subject's subscriber leaves it through its lifetime).
    @inlinable
    func start(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        startHandler(observer)
    }

    /// Subscribes `observer`, starting the signal's work.
    ///
    /// - Returns: a disposable that ends the subscription and cancels the work.
    @inlinable
    @discardableResult
    public func subscribe(_ observer: Observer<Value, Failure>) -> any Disposable {
        let lifetime = observer.lifetime
        lifetime.attach(start(observer))
        return lifetime
    }
}

extension Signal {
    /// Subscribes `upstream`, handing its subscription to `hold` before the signal starts.
    ///
    /// Operators subscribe upstream through it. Ending their own subscription while this
    /// signal is still sending synchronously (an endless `from` under `take`) then ends
    /// `upstream` at once, instead of after the start handler returns; and an event sent
    /// during the start that replaces or disposes what `hold` stored is not undone afterwards,
    /// as `slot.inner = subscribe(observer)` would undo it. If `hold` already ended the
    /// subscription, the signal is not started.
    @inlinable
    func subscribe(_ upstream: Observer<Value, Failure>, heldBy hold: (any Disposable) -> Void) {
        hold(upstream.lifetime)
        guard upstream.isActive else { return }
        upstream.lifetime.attach(start(upstream))
    }
}
