import BenchmarkSupport
import Foundation
import NotificationEngine

/// E1: adds per second into the SQLite store, one by one (one transaction each) and in
/// batches of 1,000 (one transaction per batch), beside bare GRDB inserting the same rows.
enum AddsBenchmark {
    /// Adds per second of the three sides of one mode.
    struct Rates {
        var engine: Double
        var floor: Double
        var floorPreEncoded: Double
    }

    static func run(scale: Double, rounds: Int) async throws -> String {
        let single = try await measure(count: scaled(10_000, scale), batch: 1, rounds: rounds)
        let batched = try await measure(count: scaled(100_000, scale), batch: 1_000, rounds: rounds)
        var table = Table([
            "", "workload", "engine adds/s>", "GRDB + JSONEncoder adds/s>", "GRDB, JSON ready adds/s>",
            "engine time / floor time>", "goal", "met",
        ])
        table.addRates("E1a", "add one by one, \(grouped(Double(scaled(10_000, scale)))) requests", single, goal: nil)
        table.addRates(
            "E1b", "add in batches of 1,000, \(grouped(Double(scaled(100_000, scale)))) requests", batched,
            goal: 50_000)
        return table.text
    }

    /// Runs each side once on a tenth of the requests to warm up, then `rounds` times
    /// in turn on all of them; returns each side's median rate.
    private static func measure(count: Int, batch: Int, rounds: Int) async throws -> Rates {
        let requests = (0..<count).map { Fixtures.request($0, interval: 86_400 + Double($0)) }
        let json = try GRDBPeer.encode(requests)
        let warmUp = Array(requests.prefix(max(1, count / 10)))
        _ = try await engine(warmUp, batch: batch)
        _ = try floor(warmUp, json: nil, batch: batch)
        var samples: [Rates] = []
        for _ in 0..<rounds {
            samples.append(
                Rates(
                    engine: try await engine(requests, batch: batch),
                    floor: try floor(requests, json: nil, batch: batch),
                    floorPreEncoded: try floor(requests, json: json, batch: batch)))
        }
        return Rates(
            engine: Statistics.median(samples.map(\.engine)),
            floor: Statistics.median(samples.map(\.floor)),
            floorPreEncoded: Statistics.median(samples.map(\.floorPreEncoded)))
    }

    /// The engine's adds per second into a new SQLite store.
    private static func engine(_ requests: [NotificationRequest], batch: Int) async throws -> Double {
        let scratch = try ScratchDirectory("e1")
        let path = scratch.path("engine.sqlite")
        let batches = stride(from: 0, to: requests.count, by: batch).map {
            Array(requests[$0..<min($0 + batch, requests.count)])
        }
        let engine = try await Fixtures.engine(.sqlite(path: path), name: "e1-engine")
        let clock = ContinuousClock()
        Profiling.enable()
        let start = clock.now
        if batch == 1 {
            for request in requests {
                try await engine.add(request, for: benchmarkApp)
            }
        } else {
            for requests in batches {
                try await engine.add(requests, for: benchmarkApp)
            }
        }
        let elapsed = clock.now - start
        Profiling.disable()
        try check(path, holds: requests.count)
        return Double(requests.count) / seconds(elapsed)
    }

    /// GRDB's inserts per second into a new database with the same table.
    private static func floor(_ requests: [NotificationRequest], json: [String]?, batch: Int) throws -> Double {
        let scratch = try ScratchDirectory("e1")
        let path = scratch.path("floor.sqlite")
        let pool = try GRDBPeer.create(path)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try GRDBPeer.insert(requests, json: json, batch: batch, into: pool)
        }
        try check(path, holds: requests.count)
        return Double(requests.count) / seconds(elapsed)
    }

    private static func check(_ path: String, holds count: Int) throws {
        let rows = try GRDBPeer.count(path)
        guard rows == count else { throw BenchmarkFailure("E1: \(path) holds \(rows) pending rows, not \(count)") }
    }
}

extension Table {
    fileprivate mutating func addRates(
        _ id: String, _ title: String, _ rates: AddsBenchmark.Rates, goal: Double?
    ) {
        add(
            id, title, grouped(rates.engine), grouped(rates.floor), grouped(rates.floorPreEncoded),
            fixed(rates.floor / rates.engine, 2) + "×",
            goal.map { "engine ≥ \(grouped($0))/s" } ?? "—",
            goal.map { met(rates.engine >= $0) } ?? "—")
    }
}

/// `count` scaled, at least 1.
func scaled(_ count: Int, _ scale: Double) -> Int {
    max(1, Int((Double(count) * scale).rounded()))
}
