/// Timing harness: one warm-up run, then `runs` timed runs; the median is reported.

/// A plain accumulator the benchmark sinks add into. Benchmarks run on one thread, so
/// it needs no synchronization (which would otherwise be measured on the hot path).
final class Accumulator: @unchecked Sendable {
    var sum = 0
}

nonisolated(unsafe) var blackholeStorage = 0

/// Consumes a value so the optimizer cannot delete the work that produced it.
@inline(never)
func blackhole(_ value: Int) {
    blackholeStorage &+= value
}

/// Hides a value from the optimizer (used to keep the floor's closures opaque).
@inline(never)
func opaque<T>(_ value: T) -> T {
    value
}

/// One timed side of a workload: the median time per event, and the checksum it produced.
struct Sample {
    let nanosecondsPerEvent: Double
    let checksum: Int
}

enum Harness {
    static let runs = 3

    /// Measures the sides of one workload: each runs once to warm up, then the sides take
    /// turns for `runs` rounds (so a change in machine load hits all of them alike).
    /// Returns each side's median ns per event.
    static func measure(events: Int, _ sides: [() -> Int]) -> [Sample] {
        let clock = ContinuousClock()
        let expected = sides.map { side in
            let checksum = side()
            blackhole(checksum)
            return checksum
        }
        var times = Array(repeating: [Duration](), count: sides.count)
        for _ in 0..<runs {
            for (index, side) in sides.enumerated() {
                var checksum = 0
                times[index].append(clock.measure { checksum = side() })
                blackhole(checksum)
                if checksum != expected[index] {
                    fatalError("checksum changed between runs: \(checksum) != \(expected[index])")
                }
            }
        }
        return zip(times, expected).map { times, checksum in
            let median = times.sorted()[runs / 2]
            return Sample(nanosecondsPerEvent: nanoseconds(median) / Double(max(events, 1)), checksum: checksum)
        }
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
