import BenchmarkSupport
import Foundation
import GRDB
import NotificationEngine

/// E8: the per-operation costs `docs/scaling.md` works capacity out from, for each
/// store a node may use (SQLite, PostgreSQL): a single add (one request per `add`,
/// one after another), an add in a batch of 1,000, the space a pending request takes
/// (table and indexes), and a delivery in a burst (20,000 due at one instant, due
/// → last presentation). The in-memory store runs beside them as the peer: what the
/// engine costs with no store at all.
enum CapacityBenchmark {
    static let singles = 2_000
    static let batched = 50_000
    static let burst = 20_000
    static let batch = 1_000

    enum Side: String, CaseIterable {
        case sqlite, postgres, memory

        var title: String {
            switch self {
            case .sqlite: "engine, SQLite store"
            case .postgres: "engine, PostgreSQL store"
            case .memory: "peer: engine, in-memory store"
            }
        }
    }

    struct Costs {
        var singleAdd: Double = 0  // seconds per add
        var batchedAdd: Double = 0  // seconds per request
        var bytesPerPending: Double?  // nil: not stored
        var delivery: Double = 0  // seconds per delivery in a burst
    }

    static func run(scale: Double, rounds: Int) async throws -> String {
        var runs: [Side: [Costs]] = [:]
        for _ in 0..<rounds {
            for side in Side.allCases {
                runs[side, default: []].append(try await measure(side, scale: scale))
            }
        }
        var table = Table([
            "", "side", "single add µs>", "batched add µs>", "bytes per pending>", "delivery in a burst µs>",
            "deliveries/s>",
        ])
        for side in Side.allCases {
            let costs = runs[side, default: []]
            let delivery = Statistics.median(costs.map(\.delivery))
            table.add(
                "E8", side.title, fixed(Statistics.median(costs.map(\.singleAdd)) * 1e6, 1),
                fixed(Statistics.median(costs.map(\.batchedAdd)) * 1e6, 1),
                side == .memory ? "—" : grouped(Statistics.median(costs.compactMap(\.bytesPerPending))),
                fixed(delivery * 1e6, 1), grouped(1 / delivery))
        }
        return table.text
    }

    private static func measure(_ side: Side, scale: Double) async throws -> Costs {
        let scratch = try ScratchDirectory("e8")
        var costs = Costs()
        let kind: NotificationStoreKind
        var schema: (cluster: PostgresCluster, name: String)?
        switch side {
        case .sqlite:
            kind = .sqlite(path: scratch.path("engine.sqlite"))
        case .memory:
            kind = .inMemory
        case .postgres:
            let cluster = try PostgresCluster.get()
            let url = cluster.schemaURL("e8")
            kind = .postgres(url: url)
            schema = (cluster, PostgresAddsBenchmark.schema(of: url))
        }
        defer {
            if let schema { _ = try? schema.cluster.psql("DROP SCHEMA \(schema.name) CASCADE") }
        }
        let presenter = CountingPresenter()
        let engine = try await Fixtures.engine(kind, name: "e8-\(side.rawValue)", presenters: [presenter])
        let clock = ContinuousClock()

        // Single adds, far in the future, one call each.
        let singleCount = scaled(singles, scale)
        var start = clock.now
        for index in 0..<singleCount {
            try await engine.add(Fixtures.request(index, interval: 86_400 + Double(index)), for: benchmarkApp)
        }
        costs.singleAdd = seconds(clock.now - start) / Double(singleCount)

        // Batched adds, far in the future.
        let batchedCount = max(batch, scaled(batched, scale) / batch * batch)
        let requests = (0..<batchedCount).map { Fixtures.request(singleCount + $0, interval: 90_000 + Double($0)) }
        start = clock.now
        for first in stride(from: 0, to: batchedCount, by: batch) {
            try await engine.add(Array(requests[first..<first + batch]), for: benchmarkApp)
        }
        costs.batchedAdd = seconds(clock.now - start) / Double(batchedCount)
        let pending = singleCount + batchedCount
        costs.bytesPerPending = try storedBytes(side, path: scratch.path("engine.sqlite"), schema: schema)
            .map { Double($0) / Double(pending) }

        // A burst due at one instant, added ahead of it.
        let burstCount = scaled(burst, scale)
        let lead = 0.5 + Double(burstCount) * costs.batchedAdd * 1.5
        let due = Date().addingTimeInterval(lead)
        let offset = singleCount + batchedCount
        for first in stride(from: 0, to: burstCount, by: batch) {
            let burstRequests = (first..<min(first + batch, burstCount)).map {
                Fixtures.request(offset + $0, interval: due.timeIntervalSinceNow)
            }
            try await engine.add(burstRequests, for: benchmarkApp)
        }
        guard Date() < due, presenter.count == 0 else {
            throw BenchmarkFailure("E8: adding the burst took longer than its \(fixed(lead, 2)) s lead")
        }
        try await waitUntil("\(burstCount) presentations", timeout: .seconds(lead + 120)) {
            presenter.count >= burstCount
        }
        let tally = presenter.snapshot
        guard tally.count == burstCount else { throw BenchmarkFailure("E8: \(tally.count) presentations") }
        costs.delivery = tally.last.timeIntervalSince(tally.earliestDue) / Double(burstCount)
        withExtendedLifetime(engine) {}
        return costs
    }

    /// What the store takes on disk for its pending requests: the SQLite file once its
    /// write-ahead log is copied into it and emptied (nothing else is stored yet; the log
    /// is a bounded buffer, up to the writer's 16 MiB, not space per request), or the
    /// PostgreSQL `pending` table with its indexes and TOAST; `nil` in memory.
    private static func storedBytes(
        _ side: Side, path: String, schema: (cluster: PostgresCluster, name: String)?
    ) throws -> Int? {
        switch side {
        case .memory:
            return nil
        case .sqlite:
            // The engine's checkpointer may be checkpointing too. SQLite waits (the busy
            // timeout) for writers and readers, but a checkpoint that finds another one
            // running fails at once as busy: try again for up to 5 s.
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            for attempt in 1...50 {
                do {
                    _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
                    break
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 50 {
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            return try [path, path + "-wal"].reduce(0) { total, file in
                guard FileManager.default.fileExists(atPath: file) else { return total }
                let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
                return total + (size ?? 0)
            }
        case .postgres:
            guard let schema else { return nil }
            let output = try schema.cluster.psql("SELECT pg_total_relation_size('\(schema.name).pending')")
            guard let bytes = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkFailure("E8: psql printed \(output)")
            }
            return bytes
        }
    }
}
