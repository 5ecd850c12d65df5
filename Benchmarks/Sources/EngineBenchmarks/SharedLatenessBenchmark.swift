import BenchmarkSupport
import Foundation
import NotificationEngine

/// E6: how late deliveries are shown when three engines (nodes) share one PostgreSQL
/// schema — 10,000 requests due over 10 s, added in one batch on one node, fired by
/// whichever claims them — beside one engine on PostgreSQL and one on SQLite.
enum SharedLatenessBenchmark {
    /// Between the add and the first due date.
    static let lead: TimeInterval = 2

    static func run(scale: Double, rounds: Int) async throws -> String {
        let cluster = try PostgresCluster.get()
        let count = scaled(10_000, scale)
        let span = 10 * scale
        var three: [Lateness] = []
        var one: [Lateness] = []
        var sqlite: [Lateness] = []
        for _ in 0..<rounds {
            three.append(try await side(nodes: 3, store: { .postgres(url: cluster.schemaURL("e6")) }, count: count, span: span))
            one.append(try await side(nodes: 1, store: { .postgres(url: cluster.schemaURL("e6")) }, count: count, span: span))
            let scratch = try ScratchDirectory("e6")
            sqlite.append(try await side(nodes: 1, store: { .sqlite(path: scratch.path("engine.sqlite")) }, count: count, span: span))
        }
        var table = Table(["", "side", "deliveries>", "p50 ms>", "p90 ms>", "p99 ms>", "max ms>", "goal", "met"])
        let title = "\(grouped(Double(count))) due over \(fixed(span, 1)) s"
        let threeMedian = Lateness(medianOf: three)
        table.add(["E6", "three engines on one PostgreSQL schema — \(title)"] + threeMedian.cells
                  + ["p99 ≤ 10 ms", met(threeMedian.p99 <= 10)])
        table.add(["E6", "one engine on PostgreSQL — \(title)"] + Lateness(medianOf: one).cells + ["—", "—"])
        table.add(["E6", "peer: one engine on SQLite — \(title)"] + Lateness(medianOf: sqlite).cells + ["—", "—"])
        return table.text
    }

    /// `nodes` engines on one store; the first adds every request; all record lateness.
    private static func side(
        nodes: Int, store: () throws -> NotificationStoreKind, count: Int, span: TimeInterval
    ) async throws -> Lateness {
        let kind = try store()
        let presenters = (0..<nodes).map { _ in LatenessPresenter(expected: count) }
        var engines: [NotificationEngine] = []
        for (index, presenter) in presenters.enumerated() {
            engines.append(try await Fixtures.engine(kind, name: "e6-node\(index)", presenters: [presenter]))
        }
        try await Task.sleep(for: .milliseconds(300))  // every node is listening
        let requests = (0..<count).map { Fixtures.request($0, interval: lead + span * Double($0) / Double(count)) }
        let start = Date()
        try await engines[0].add(requests, for: benchmarkApp)
        let took = Date().timeIntervalSince(start)
        guard took < lead else { throw BenchmarkFailure("E6: the add took \(fixed(took, 3)) s, over the \(lead) s lead") }
        let total = { presenters.reduce(0) { $0 + $1.count } }
        try await waitUntil("\(count) presentations", timeout: .seconds(span + lead + 60)) { total() >= count }
        try await Task.sleep(for: .milliseconds(500))
        let values = presenters.flatMap(\.values)
        guard values.count == count else { throw BenchmarkFailure("E6: \(values.count) presentations of \(count) requests") }
        engines.removeAll()
        if case .postgres(let url) = kind {
            try await Task.sleep(for: .milliseconds(200))  // the engines' connections close
            _ = try PostgresCluster.get().psql("DROP SCHEMA \(PostgresAddsBenchmark.schema(of: url)) CASCADE")
        }
        return Lateness(seconds: values)
    }
}

extension Lateness {
    /// The deliveries, p50, p90, p99 and max cells of a table row.
    fileprivate var cells: [String] {
        [grouped(Double(count)), fixed(p50, 3), fixed(p90, 3), fixed(p99, 3), fixed(max, 3)]
    }
}
