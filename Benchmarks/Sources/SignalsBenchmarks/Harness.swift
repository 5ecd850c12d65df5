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

    /// Runs `body` once to warm up, then `runs` times; returns the median ns per event.
    static func measure(events: Int, _ body: () -> Int) -> Sample {
        let clock = ContinuousClock()
        let expected = body()
        blackhole(expected)
        var times: [Duration] = []
        for _ in 0..<runs {
            var checksum = 0
            let elapsed = clock.measure { checksum = body() }
            blackhole(checksum)
            if checksum != expected {
                fatalError("checksum changed between runs: \(checksum) != \(expected)")
            }
            times.append(elapsed)
        }
        let median = times.sorted()[runs / 2]
        return Sample(nanosecondsPerEvent: nanoseconds(median) / Double(max(events, 1)), checksum: expected)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
