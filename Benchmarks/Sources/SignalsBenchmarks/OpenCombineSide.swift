import OpenCombine

/// The same workloads written with OpenCombine.
///
/// `(0..<n).publisher.map(…)` would hit the `Publishers.Sequence.map` overload, which maps
/// the whole sequence eagerly into an array; the source is wrapped in `Publishers.Map`
/// explicitly so the operators run per value, as in Signals.
enum OpenCombineSide {
    /// B1: `n` values from a cold `Publishers.Sequence` through map → filter → map into a sink.
    static func pipeline(_ n: Int) -> Int {
        let accumulator = Accumulator()
        let source = Publishers.Sequence<Range<Int>, Never>(sequence: 0..<n)
        let cancellable = Publishers.Map(upstream: source) { $0 &+ 1 }
            .filter { $0 % 3 != 0 }
            .map { $0 &* 2 }
            .sink { accumulator.sum &+= $0 }
        cancellable.cancel()
        return accumulator.sum
    }

    /// B2 and B3: `sends` values into a `PassthroughSubject` with `subscribers` sinks.
    static func subject(subscribers: Int, sends: Int) -> Int {
        let accumulator = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let cancellables = (0..<subscribers).map { _ in
            subject.sink { accumulator.sum &+= $0 }
        }
        for i in 0..<sends { subject.send(i) }
        for cancellable in cancellables { cancellable.cancel() }
        return accumulator.sum
    }

    /// B4: `outer` values, each flatMapped to an inner `Publishers.Sequence` of `inner` values.
    static func flatMap(outer: Int, inner: Int) -> Int {
        let accumulator = Accumulator()
        let cancellable = Publishers.Sequence<Range<Int>, Never>(sequence: 0..<outer)
            .flatMap { start in
                Publishers.Sequence<Range<Int>, Never>(sequence: start..<(start &+ inner))
            }
            .sink { accumulator.sum &+= $0 }
        cancellable.cancel()
        return accumulator.sum
    }

    /// B6: `cycles` sink + cancel cycles on a `PassthroughSubject`.
    static func subscribeDispose(cycles: Int) -> Int {
        let accumulator = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        for _ in 0..<cycles {
            subject.sink { accumulator.sum &+= $0 }.cancel()
            accumulator.sum &+= 1
        }
        return accumulator.sum
    }
}
