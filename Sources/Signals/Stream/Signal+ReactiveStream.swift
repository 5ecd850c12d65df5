public import Synchronization

extension Signal: ReactiveStream {
    public typealias Element = Value
    public typealias Family = SignalFamily<Failure>

    /// Maps each value to a signal and merges them; see `ReactiveStream.bind(_:)`.
    ///
    /// The result completes when the source and every inner signal have completed, and
    /// fails with the first error of any of them.
    public func bind<Result: ReactiveStream>(
        _ makeTransform: @escaping @Sendable () -> (Value, inout Bool) -> Result?
    ) -> Result where Result.Family == SignalFamily<Failure> {
        let bound = Signal<Result.Element, Failure> { observer in
            let transform = SerialBox(makeTransform())
            self.mergeInner(into: observer) { value in
                var stop = false
                let inner = transform.value(value, &stop).map { Self.unwrap($0) }
                return (inner, stop || inner == nil)
            }
            return nil
        }
        return Self.wrap(bound)
    }

    /// The values of this signal, then, once it completes, those of `other`.
    public func concat(_ other: Signal) -> Signal {
        Signal { observer in
            let current = SerialDisposable()
            observer.lifetime.attach(current)
            let first = Observer<Value, Failure>(
                next: { observer.send($0) },
                error: { observer.send(error: $0) },
                completed: { other.subscribe(.forwarding(to: observer), heldBy: { current.inner = $0 }) }
            )
            self.subscribe(first, heldBy: { current.inner = $0 })
            return nil
        }
    }

    public func zip<Other: ReactiveStream, Result: ReactiveStream>(with other: Other) -> Result
    where Other.Family == SignalFamily<Failure>, Result.Family == SignalFamily<Failure>,
        Result.Element == (Value, Other.Element)
    {
        Self.wrap(zip(with: Self.unwrap(other)))
    }

    static func unwrap<S: ReactiveStream>(_ stream: S) -> Signal<S.Element, Failure>
    where S.Family == SignalFamily<Failure> {
        guard let signal = stream as? Signal<S.Element, Failure> else {
            preconditionFailure("only Signal belongs to SignalFamily; \(S.self) does not")
        }
        return signal
    }

    static func wrap<S: ReactiveStream>(_ signal: Signal<S.Element, Failure>) -> S
    where S.Family == SignalFamily<Failure> {
        guard let stream = signal as? S else {
            preconditionFailure("only Signal belongs to SignalFamily; \(S.self) does not")
        }
        return stream
    }
}

extension Signal {
    /// Subscribes to this signal and to the inner signal `transform` gives for each value,
    /// merging all of them into `observer` (serialized). `transform` also says whether to stop
    /// taking values from this signal. Completes when everything subscribed has completed.
    /// Everything it subscribes is held by `observer`'s subscription before it starts.
    @inlinable
    func mergeInner<Inner: Sendable>(
        into observer: Observer<Inner, Failure>,
        _ transform: @escaping @Sendable (Value) -> (Signal<Inner, Failure>?, stop: Bool)
    ) {
        let output = SerializedObserver(observer)
        let group = CompositeDisposable()
        observer.lifetime.attach(group)
        let active = Atomic<Int>(1)
        @Sendable func finishOne() {
            if active.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                output.sendCompleted()
            }
        }
        let outer = SerialDisposable()
        group.add(outer)
        let outerObserver = Observer<Value, Failure>(
            next: { value in
                let (inner, stop) = transform(value)
                if let inner {
                    active.add(1, ordering: .acquiringAndReleasing)
                    let handle = SerialDisposable()
                    group.add(handle)
                    inner.subscribe(Observer(
                        next: { output.send($0) },
                        error: { output.send(error: $0) },
                        completed: {
                            group.remove(handle)
                            finishOne()
                        }
                    ), heldBy: { handle.inner = $0 })
                }
                if stop {
                    outer.dispose()
                    finishOne()
                }
            },
            error: { output.send(error: $0) },
            completed: finishOne
        )
        // Held by `outer` before subscribing, so `stop` reaches a source that sends synchronously.
        subscribe(outerObserver, heldBy: { outer.inner = $0 })
    }
}
