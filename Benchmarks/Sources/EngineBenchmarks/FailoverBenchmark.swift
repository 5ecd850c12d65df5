import BenchmarkSupport
import Foundation
import NotificationEngine
import Signals
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// E7: failover. Two engine processes (nodes) share a PostgreSQL schema while 2,000
/// requests come due over 4 s; halfway, the node that presented last — the one
/// firing — is killed with SIGKILL. Failover is the longest a request waited, after
/// the kill or after its due date if later, until a node showed it; beside it, the
/// same statistic for the requests due in the last second, long after the kill.
enum FailoverBenchmark {
    static let childCommand = "__e7-node"
    static let lead: TimeInterval = 3
    static let span: TimeInterval = 4

    static func run(scale: Double, rounds: Int) async throws -> String {
        let cluster = try PostgresCluster.get()
        let count = scaled(2_000, scale)
        var outcomes: [Outcome] = []
        for _ in 0..<rounds {
            outcomes.append(try await round(cluster, count: count))
        }
        let failover = outcomes.map(\.failover).sorted()[outcomes.count / 2]
        let settled = outcomes.map(\.settled).sorted()[outcomes.count / 2]
        var table = Table(["", "what", "ms>", "rounds (ms)", "shown twice>", "goal", "met"])
        table.add(
            "E7", "failover: longest wait after the kill of the firing node, of \(grouped(Double(count))) due over \(fixed(span, 0)) s",
            fixed(failover * 1_000, 1), outcomes.map { fixed($0.failover * 1_000, 1) }.joined(separator: ", "),
            "\(outcomes.map(\.shownTwice).reduce(0, +))", "≤ 2,000 ms", met(failover <= 2))
        table.add(
            "E7", "the same wait for requests due in the last second (steady state, one node left)",
            fixed(settled * 1_000, 1), outcomes.map { fixed($0.settled * 1_000, 1) }.joined(separator: ", "),
            "—", "—", "—")
        return table.text
    }

    struct Outcome {
        var failover: Double
        var settled: Double
        var shownTwice: Int
    }

    /// A presentation a node printed: request, due and shown (seconds since 1970).
    struct Shown {
        var identifier: String
        var due: Double
        var shown: Double
    }

    private static func round(_ cluster: PostgresCluster, count: Int) async throws -> Outcome {
        let url = cluster.schemaURL("e7")
        let scratch = try ScratchDirectory("e7")
        do {
            let seeder = try await Fixtures.engine(.postgres(url: url), name: "e7-seed")
            let requests = (0..<count).map { Fixtures.request($0, interval: lead + span * Double($0) / Double(count)) }
            try await seeder.add(requests, for: benchmarkApp)
        }
        let started = Date()
        let nodes = try (0..<2).map { try startNode($0, url: url, log: scratch.path("node\($0).log")) }
        try await Task.sleep(for: .seconds(lead + span / 2 - Date().timeIntervalSince(started)))
        // The node that showed the latest delivery is the one firing now.
        let latest = nodes.indices.max { last(shownIn: scratch.path("node\($0).log")) < last(shownIn: scratch.path("node\($1).log")) }!
        kill(nodes[latest].processIdentifier, SIGKILL)
        let killed = Date().timeIntervalSince1970
        nodes[latest].waitUntilExit()
        let logs = nodes.indices.map { scratch.path("node\($0).log") }
        try await waitUntil("\(count) requests shown", timeout: .seconds(60)) {
            Set(logs.flatMap { read($0) }.map { $0.identifier }).count >= count
        }
        try await Task.sleep(for: .milliseconds(500))
        for node in nodes where node.isRunning { node.terminate() }
        nodes.forEach { $0.waitUntilExit() }
        let shown = logs.flatMap { read($0) }
        var first: [String: Shown] = [:]
        for item in shown where first[item.identifier].map({ item.shown < $0.shown }) ?? true {
            first[item.identifier] = item
        }
        let pending = first.values.filter { $0.shown >= killed }
        let failover = pending.map { $0.shown - max($0.due, killed) }.max() ?? 0
        let lastSecond = started.timeIntervalSince1970 + lead + span - 1
        let settled = first.values.filter { $0.due >= lastSecond }.map { $0.shown - $0.due }.max() ?? 0
        _ = try cluster.psql("DROP SCHEMA \(PostgresAddsBenchmark.schema(of: url)) CASCADE")
        return Outcome(failover: failover, settled: settled, shownTwice: shown.count - first.count)
    }

    private static func startNode(_ node: Int, url: String, log: String) throws -> Process {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = [childCommand, url]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        return process
    }

    private static func read(_ log: String) -> [Shown] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let due = Double(fields[1]), let shown = Double(fields[2]) else { return nil }
            return Shown(identifier: String(fields[0]), due: due, shown: shown)
        }
    }

    private static func last(shownIn log: String) -> Double {
        read(log).map(\.shown).max() ?? 0
    }

    /// A node: an engine on the schema printing a line per presentation until stopped.
    static func childMain(_ arguments: [String]) async throws -> Never {
        guard let url = arguments.first else { throw BenchmarkFailure("\(childCommand) URL") }
        let engine = try NotificationEngine(
            store: .postgres(url: url), scheduler: QueueScheduler(name: "e7-node"),
            configuration: Fixtures.configuration, presenters: [PrintingPresenter()])
        while true {
            try await Task.sleep(for: .seconds(3_600))
            withExtendedLifetime(engine) {}
        }
    }
}

/// Prints `<request> <due> <shown>` (seconds since 1970) per presentation, at once.
final class PrintingPresenter: Presenter {
    func present(_ presentation: Presentation) {
        let shown = Date().timeIntervalSince1970
        let delivery = presentation.delivery
        printFlushed("\(delivery.request.identifier) \(delivery.scheduledDate.timeIntervalSince1970) \(shown)")
    }
}
