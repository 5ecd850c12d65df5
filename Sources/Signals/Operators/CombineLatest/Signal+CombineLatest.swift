import Synchronization

extension Signal {
    /// Combines the latest values of two signals into tuples.
    ///
    /// Sends nothing until both signals have sent a value, then sends the pair of latest
    /// values on every change of either. Completes when both have completed; fails with the
    /// first error.
    ///
    /// ```swift
    /// let pairs = Signal.combineLatest(letters.signal, numbers.signal)
    /// // letters A, B, numbers 1, letters C  →  (B, 1) (C, 1)
    /// ```
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: Signal<A, Failure>, _ b: Signal<B, Failure>
    ) -> Signal where Value == (A, B) {
        combineLatest(a, b) { ($0, $1) }
    }

    /// Combines the latest values of two signals with `reduce` (RAC's `combineLatest:reduce:`).
    ///
    /// ```swift
    /// let combined = Signal.combineLatest(letters.signal, numbers.signal) { $0 + $1 }
    /// // letters A, B, numbers 1, 2, letters C, numbers 3  →  B1 B2 C2 C3
    /// ```
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: Signal<A, Failure>, _ b: Signal<B, Failure>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> Signal {
        Signal { observer in
            let storage = CombineLatestStorage(downstream: observer, reduce: reduce)
            let group = CompositeDisposable()
            observer.lifetime.attach(group)
            a.subscribe(Observer(
                next: { storage.receiveA($0) },
                error: { storage.fail($0) },
                completed: { storage.completeA() }
            ), heldBy: { group.add($0) })
            guard observer.isActive else { return nil }
            b.subscribe(Observer(
                next: { storage.receiveB($0) },
                error: { storage.fail($0) },
                completed: { storage.completeB() }
            ), heldBy: { group.add($0) })
            return nil
        }
    }

    /// Combines the latest values of several signals of one type into arrays, in the order
    /// of `signals`.
    ///
    /// Sends once every signal has sent a value, then on every change. Completes when all
    /// have completed (at once for an empty array); fails with the first error.
    @inlinable
    public static func combineLatest<Element: Sendable>(
        _ signals: [Signal<Element, Failure>]
    ) -> Signal where Value == [Element] {
        combineLatest(signals) { $0 }
    }

    /// Combines the latest values of several signals of one type with `reduce`, which receives
    /// them in the order of `signals`.
    ///
    /// ```swift
    /// Signal.combineLatest([width, height]) { $0.reduce(1, *) }   // the latest area
    /// ```
    public static func combineLatest<Element: Sendable>(
        _ signals: [Signal<Element, Failure>],
        reduce: @escaping @Sendable ([Element]) -> Value
    ) -> Signal {
        guard !signals.isEmpty else { return .empty() }
        return Signal { observer in
            let output = SerializedObserver(observer)
            let state = Locked(CombineLatestArrayState<Element>(count: signals.count))
            let group = CompositeDisposable()
            observer.lifetime.attach(group)
            for (index, signal) in signals.enumerated() {
                guard observer.isActive else { break }
                signal.subscribe(Observer(
                    next: { value in
                        if let values = state.withLock({ $0.receive(value, at: index) }) { output.send(reduce(values)) }
                    },
                    error: { output.send(error: $0) },
                    completed: { if state.withLock({ $0.complete() }) { output.sendCompleted() } }
                ), heldBy: { group.add($0) })
            }
            return nil
        }
    }

    /// Combines the latest values of this signal and `other` into tuples;
    /// see `combineLatest(_:_:)`.
    ///
    /// ```swift
    /// username.combineLatest(with: password).map { !$0.isEmpty && !$1.isEmpty }
    /// ```
    @inlinable
    public func combineLatest<Other: Sendable>(
        with other: Signal<Other, Failure>
    ) -> Signal<(Value, Other), Failure> {
        Signal<(Value, Other), Failure>.combineLatest(self, other)
    }
}
