import BenchmarkSupport
import Foundation
import GRDB
import NotificationEngine
import Signals

/// E4: start-up time and resident memory of an engine whose SQLite store holds a million
/// pending requests (one app, pending limit raised), each measured in a fresh process —
/// this executable run again with a hidden subcommand — beside the same file opened with
/// a bare GRDB `DatabasePool` that counts its rows.
enum StartupBenchmark {
    /// The hidden subcommand a child process runs: `__e4-child engine|grdb PATH`.
    static let childCommand = "__e4-child"

    /// What one child process measured.
    struct Sample {
        var seconds: Double
        var residentBeforeKB: Int
        var residentAfterKB: Int
        var peakKB: Int
        var rows: Int
    }

    enum Side: String, CaseIterable {
        case engine
        case grdb
    }

    static func run(scale: Double, rounds: Int) async throws -> String {
        let count = scaled(1_000_000, scale)
        let scratch = try ScratchDirectory("e4")
        let path = ProcessInfo.processInfo.environment["BENCH_E4_DATABASE"] ?? scratch.path("million.sqlite")
        try await build(path, count: count)
        var samples: [Side: [Sample]] = [:]
        for _ in 0..<rounds {
            for side in Side.allCases {
                samples[side, default: []].append(try await child(side, path: path))
            }
        }
        let rows = samples[.grdb]?.first?.rows ?? 0
        guard rows == count else { throw BenchmarkFailure("E4: the database holds \(rows) pending rows, not \(count)") }
        return table(samples, count: count, path: path)
    }

    private static func table(_ samples: [Side: [Sample]], count: Int, path: String) -> String {
        var table = Table([
            "", "side", "open s>", "RSS before MB>", "RSS after MB>", "peak RSS MB>", "goal", "met",
        ])
        for side in Side.allCases {
            let runs = samples[side, default: []]
            let time = Statistics.median(runs.map(\.seconds))
            let after = Statistics.median(runs.map { megabytes($0.residentAfterKB) })
            let isGoal = side == .engine
            table.add(
                "E4",
                isGoal ? "`NotificationEngine.init`, SQLite store" : "peer: GRDB `DatabasePool` + `COUNT(*)`",
                fixed(time, 3), fixed(Statistics.median(runs.map { megabytes($0.residentBeforeKB) }), 1),
                fixed(after, 1), fixed(Statistics.median(runs.map { megabytes($0.peakKB) }), 1),
                isGoal ? "≤ 1 s, ≤ 150 MB" : "—", isGoal ? met(time <= 1) + ", " + met(after <= 150) : "—")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return table.text + "\n\n\(grouped(Double(count))) pending requests of one app; database file "
            + "\(fixed(megabytes(size / 1_024), 0)) MB. MB = 10^6 bytes."
    }

    /// Fills the database with `count` requests of one app due a week from now and
    /// later, in batches of 10,000; keeps a database that already holds them.
    private static func build(_ path: String, count: Int) async throws {
        if FileManager.default.fileExists(atPath: path), (try? GRDBPeer.count(path)) == count {
            print("  E4: reusing \(path)")
            return
        }
        let clock = ContinuousClock()
        let start = clock.now
        let engine = try await Fixtures.engine(.sqlite(path: path), name: "e4-build")
        for first in stride(from: 0, to: count, by: 10_000) {
            let requests = (first..<min(first + 10_000, count)).map {
                Fixtures.request($0, interval: 7 * 86_400 + Double($0))
            }
            try await engine.add(requests, for: benchmarkApp)
        }
        print("  E4: added \(grouped(Double(count))) requests in \(fixed(seconds(clock.now - start), 1)) s")
    }

    /// Runs one side in a fresh process and reads what it measured.
    private static func child(_ side: Side, path: String) async throws -> Sample {
        let outcome = try await ChildProcess.run([childCommand, side.rawValue, path], timeout: .seconds(120))
        guard outcome.status == 0, !outcome.timedOut, let fields = outcome.lastLine("e4"), let sample = Sample(fields)
        else {
            throw BenchmarkFailure("E4: the \(side) child failed (\(outcome.status)): \(outcome.output)")
        }
        return sample
    }

    /// The child: opens the database as `side` says and prints what it measured on one line.
    static func childMain(_ arguments: [String]) async throws -> Never {
        guard arguments.count == 2, let side = Side(rawValue: arguments[0]) else {
            throw BenchmarkFailure("usage: \(childCommand) engine|grdb PATH")
        }
        let path = arguments[1]
        let before = Machine.residentKilobytes
        let clock = ContinuousClock()
        let start = clock.now
        let (opened, rows): (AnyObject, Int) =
            switch side {
            case .engine:
                (
                    try NotificationEngine(
                        store: .sqlite(path: path), scheduler: QueueScheduler(name: "e4-engine"),
                        configuration: Fixtures.configuration), -1
                )
            case .grdb:
                try openAndCount(path)
            }
        let elapsed = clock.now - start
        let after = Machine.residentKilobytes
        withExtendedLifetime(opened) {}
        printFlushed("e4 \(seconds(elapsed)) \(before) \(after) \(Machine.peakResidentKilobytes) \(rows)")
        exit(0)
    }

    /// The peer: a bare pool on the file, and its pending rows counted.
    private static func openAndCount(_ path: String) throws -> (AnyObject, Int) {
        let pool = try GRDBPeer.pool(path)
        return (pool, try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending") ?? 0 })
    }

    private static func megabytes(_ kilobytes: Int) -> Double {
        Double(kilobytes) * 1_024 / 1e6
    }
}

extension StartupBenchmark.Sample {
    /// Parses the fields of the `e4` line ``StartupBenchmark/childMain(_:)`` prints.
    init?(_ fields: [Substring]) {
        guard fields.count == 5, let seconds = Double(fields[0]), let before = Int(fields[1]),
            let after = Int(fields[2]), let peak = Int(fields[3]), let rows = Int(fields[4])
        else { return nil }
        self.init(seconds: seconds, residentBeforeKB: before, residentAfterKB: after, peakKB: peak, rows: rows)
    }
}
