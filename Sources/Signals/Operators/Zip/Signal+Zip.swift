extension Signal {
    /// Pairs the n-th value of this signal with the n-th value of `other`.
    ///
    /// Completes when either signal has completed and its buffered values are all paired;
    /// fails with the first error.
    ///
    /// ```swift
    /// letters.zip(with: numbers)   // (A, 1) (B, 2) …
    /// ```
    public func zip<Other: Sendable>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        Signal<(Value, Other), Failure> { observer in
            let storage = ZipStorage<Value, Other, Failure>(downstream: observer)
            let group = CompositeDisposable()
            observer.lifetime.attach(group)
            self.subscribe(Observer(
                next: { storage.left($0) },
                error: { storage.error($0) },
                completed: { storage.leftCompleted() }
            ), heldBy: { group.add($0) })
            other.subscribe(Observer(
                next: { storage.right($0) },
                error: { storage.error($0) },
                completed: { storage.rightCompleted() }
            ), heldBy: { group.add($0) })
            return nil
        }
    }

    /// Zips several signals of one type into a signal of arrays, the n-th value of each.
    public static func zip(_ signals: [Signal]) -> Signal<[Value], Failure> {
        guard let first = signals.first else { return .empty() }
        return signals.dropFirst().reduce(first.map { [$0] }) { zipped, next in
            zipped.zip(with: next).map { $0.0 + [$0.1] }
        }
    }
}
