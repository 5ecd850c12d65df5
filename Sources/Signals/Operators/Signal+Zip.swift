import Synchronization

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
            let output = SerializedObserver(observer)
            let state = Locked(ZipState<Value, Other>())
            let group = CompositeDisposable()
            observer.lifetime.attach(group)
            self.subscribe(Observer(
                next: { value in
                    let pair = state.withLock { $0.left.append(value); return $0.nextPair() }
                    if let pair { output.send(pair) }
                    if state.withLock({ $0.isFinished }) { output.sendCompleted() }
                },
                error: { output.send(error: $0) },
                completed: {
                    if state.withLock({ $0.leftCompleted = true; return $0.isFinished }) { output.sendCompleted() }
                }
            ), heldBy: { group.add($0) })
            other.subscribe(Observer(
                next: { value in
                    let pair = state.withLock { $0.right.append(value); return $0.nextPair() }
                    if let pair { output.send(pair) }
                    if state.withLock({ $0.isFinished }) { output.sendCompleted() }
                },
                error: { output.send(error: $0) },
                completed: {
                    if state.withLock({ $0.rightCompleted = true; return $0.isFinished }) { output.sendCompleted() }
                }
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

/// Buffers of not-yet-paired values, one per side.
struct ZipState<Left, Right> {
    var left: [Left] = []
    var right: [Right] = []
    var leftCompleted = false
    var rightCompleted = false

    mutating func nextPair() -> (Left, Right)? {
        guard !left.isEmpty, !right.isEmpty else { return nil }
        return (left.removeFirst(), right.removeFirst())
    }

    /// A side that completed with nothing buffered can make no more pairs.
    var isFinished: Bool {
        (leftCompleted && left.isEmpty) || (rightCompleted && right.isEmpty)
    }
}
