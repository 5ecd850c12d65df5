import Signals

/// The workloads written with Signals.
enum SignalsSide {
    /// B1: `n` values from a cold source through map → filter → map into a summing sink.
    static func pipeline(_ n: Int) -> Int {
        let accumulator = Accumulator()
        let source = Signal<Int, Never> { observer in
            for i in 0..<n { observer.send(i) }
            observer.sendCompleted()
            return nil
        }
        source
            .map { $0 &+ 1 }
            .filter { $0 % 3 != 0 }
            .map { $0 &* 2 }
            .subscribeNext { accumulator.sum &+= $0 }
        return accumulator.sum
    }

    /// B2 and B3: `sends` values into a subject with `subscribers` summing subscribers.
    static func subject(subscribers: Int, sends: Int) -> Int {
        let accumulator = Accumulator()
        let subject = Subject<Int, Never>()
        let subscriptions = (0..<subscribers).map { _ in
            subject.signal.subscribeNext { accumulator.sum &+= $0 }
        }
        for i in 0..<sends { subject.send(i) }
        for subscription in subscriptions { subscription.dispose() }
        return accumulator.sum
    }

    /// B4: `outer` values, each mapped to an inner cold signal of `inner` values, merged.
    static func flattenMap(outer: Int, inner: Int) -> Int {
        let accumulator = Accumulator()
        let source = Signal<Int, Never> { observer in
            for i in 0..<outer { observer.send(i) }
            observer.sendCompleted()
            return nil
        }
        source
            .flattenMap { start in
                Signal<Int, Never> { observer in
                    for value in start..<(start &+ inner) { observer.send(value) }
                    observer.sendCompleted()
                    return nil
                }
            }
            .subscribeNext { accumulator.sum &+= $0 }
        return accumulator.sum
    }

    /// B5: `sends` sends alternating between two subjects, combined with `combineLatest`.
    static func combineLatest(sends: Int) -> Int {
        let accumulator = Accumulator()
        let left = Subject<Int, Never>()
        let right = Subject<Int, Never>()
        let subscription = left.signal.combineLatest(with: right.signal)
            .subscribeNext { accumulator.sum &+= $0.0 &+ $0.1 }
        for i in 0..<sends {
            if i & 1 == 0 { left.send(i) } else { right.send(i) }
        }
        subscription.dispose()
        return accumulator.sum
    }

    /// B6: `cycles` subscribe + dispose cycles on a subject.
    static func subscribeDispose(cycles: Int) -> Int {
        let accumulator = Accumulator()
        let subject = Subject<Int, Never>()
        for _ in 0..<cycles {
            subject.signal.subscribeNext { accumulator.sum &+= $0 }.dispose()
            accumulator.sum &+= 1
        }
        return accumulator.sum
    }
}
