/// Medians and percentiles of measured values.
public enum Statistics {
    /// The middle value (the lower middle of an even count).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        return values.sorted()[(values.count - 1) / 2]
    }

    /// The nearest-rank percentile `p` (0…100) of `values`.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// How late timers or deliveries were (E2, D3): percentiles in milliseconds.
public struct Lateness {
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
    public var count: Int

    /// The statistics of lateness values given in seconds.
    public init(seconds values: [Double]) {
        let milliseconds = values.map { $0 * 1_000 }
        p50 = Statistics.percentile(milliseconds, 50)
        p90 = Statistics.percentile(milliseconds, 90)
        p99 = Statistics.percentile(milliseconds, 99)
        max = milliseconds.max() ?? .nan
        count = values.count
    }

    /// The median of each statistic over several rounds.
    public init(medianOf rounds: [Lateness]) {
        p50 = Statistics.median(rounds.map(\.p50))
        p90 = Statistics.median(rounds.map(\.p90))
        p99 = Statistics.median(rounds.map(\.p99))
        max = Statistics.median(rounds.map(\.max))
        count = rounds.first?.count ?? 0
    }
}
