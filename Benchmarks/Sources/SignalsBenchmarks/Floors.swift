/// Hand-written floors: the least work a push pipeline can do, with the user closures
/// kept opaque (not inlined), as a library has to call them.
enum Floors {
    struct Stages {
        let first: (Int) -> Int
        let isIncluded: (Int) -> Bool
        let last: (Int) -> Int
    }

    /// B1's floor until 2026-11-26: the source loop calling three opaque closures, summing
    /// the result in a local — it never calls a subscriber, which every side must.
    static func pipeline(_ n: Int) -> Int {
        let stages = opaque(Stages(first: { $0 &+ 1 }, isIncluded: { $0 % 3 != 0 }, last: { $0 &* 2 }))
        var sum = 0
        for i in 0..<n {
            let value = stages.first(i)
            if stages.isIncluded(value) { sum &+= stages.last(value) }
        }
        return sum
    }

    /// B1's floor: the same loop handing each value that passes to an opaque sink closure
    /// that adds it to an ``Accumulator``, as every side's subscriber does.
    static func pipelineWithSink(_ n: Int) -> Int {
        let stages = opaque(Stages(first: { $0 &+ 1 }, isIncluded: { $0 % 3 != 0 }, last: { $0 &* 2 }))
        let accumulator = Accumulator()
        // In an array and called by index, as in `fanOut`: the call borrows the closure
        // instead of retaining and releasing its context around every value.
        let sink = opaque(ContiguousArray([Sink { accumulator.sum &+= $0 }]))
        for i in 0..<n {
            let value = stages.first(i)
            if stages.isIncluded(value) { sink[0].call(stages.last(value)) }
        }
        return accumulator.sum
    }

    /// A closure in a concretely typed field: an `[(Int) -> Void]` would store its elements
    /// at generic abstraction and wrap each call in a reabstraction thunk.
    struct Sink {
        let call: (Int) -> Void
    }

    /// B3 floor: an array of `subscribers` opaque closures, all called for each send.
    static func fanOut(subscribers: Int, sends: Int) -> Int {
        let accumulator = Accumulator()
        let sinks = opaque(ContiguousArray((0..<subscribers).map { _ in Sink { accumulator.sum &+= $0 } }))
        for i in 0..<sends {
            // Indexing (rather than `for sink in sinks`) lets the call borrow the closure
            // instead of retaining and releasing its context around every call.
            for index in sinks.indices { sinks[index].call(i) }
        }
        return accumulator.sum
    }
}
