import Synchronization

/// One subscription to a signal, shared by any number of subscribers (RAC's
/// `RACMulticastConnection`).
///
/// Signals are cold: each subscription runs the work again. A connection subscribes the
/// source to a subject once, on `connect()`, and hands out the subject's signal, so every
/// subscriber sees the same events and the work runs only once. Create one with
/// `publish()` or `multicast(_:)`.
///
/// ```swift
/// let connection = request.publish()
/// connection.signal.subscribeNext { print("first:", $0) }
/// connection.signal.subscribeNext { print("second:", $0) }
/// connection.connect()   // the request runs once; both subscribers get its result
/// ```
public final class MulticastConnection<Value: Sendable, Failure: Error>: Sendable {
    /// The source signal, subscribed at most once.
    let source: Signal<Value, Failure>
    /// The subject the source is subscribed to (a `Subject` or a `ReplaySubject`).
    let core: SubjectCore<Value, Failure>
    /// The shared subscription, created by the first `connect()`.
    private let connection = Locked<SerialDisposable?>(nil)
    /// How many `autoconnect()` subscribers are active.
    private let autoconnectSubscribers = Locked(0)

    init(source: Signal<Value, Failure>, core: SubjectCore<Value, Failure>) {
        self.source = source
        self.core = core
    }

    /// The subject's signal: hot, it receives the source's events once connected.
    /// Subscribing does not connect.
    public var signal: Signal<Value, Failure> {
        Signal(subject: core)
    }

    /// Whether `connect()` has been called.
    public var isConnected: Bool {
        connection.withLock { $0 != nil }
    }

    /// Subscribes the source to the subject, the first time it is called; later calls
    /// return the same disposable and do nothing else.
    ///
    /// Disposing the returned disposable ends the shared subscription (the source's work
    /// stops); the connection does not connect again afterwards.
    @discardableResult
    public func connect() -> any Disposable {
        let (shared, isFirst) = connection.withLock { connection -> (SerialDisposable, Bool) in
            if let existing = connection { return (existing, false) }
            let created = SerialDisposable()
            connection = created
            return (created, true)
        }
        if isFirst { shared.inner = source.subscribe(forwardingTo: core) }
        return shared
    }

    /// A signal that connects when it is first subscribed, and disposes the connection
    /// when the number of its subscribers drops back to zero (RAC semantics: after that,
    /// the connection stays disposed and new subscribers start no new work).
    ///
    /// ```swift
    /// let shared = request.publish().autoconnect()
    /// let a = shared.subscribeNext { print("a:", $0) }   // starts the request
    /// let b = shared.subscribeNext { print("b:", $0) }   // shares it
    /// a.dispose(); b.dispose()                          // cancels the request
    /// ```
    public func autoconnect() -> Signal<Value, Failure> {
        Signal { observer in
            self.autoconnectSubscribers.withLock { $0 += 1 }
            // The observer leaves the subject when its subscription ends.
            self.core.subscribe(observer)
            let shared = self.connect()
            return ActionDisposable {
                let remaining = self.autoconnectSubscribers.withLock { count -> Int in
                    count -= 1
                    return count
                }
                if remaining == 0 { shared.dispose() }
            }
        }
    }
}

extension Signal {
    /// Subscribes this signal with an observer that sends every event into `core`.
    func subscribe(forwardingTo core: SubjectCore<Value, Failure>) -> any Disposable {
        subscribe(Observer { event in
            switch event {
            case .next(let value): core.send(value)
            case .error, .completed: core.sendTerminal(event)
            }
        })
    }
}
