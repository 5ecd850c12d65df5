import BenchmarkSupport
import Foundation
import NotificationEngine

/// E3: 100,000 requests due at the same instant, delivered on the real clock to a null
/// presenter; the time from the due instant to the last presentation, with the SQLite
/// store and, beside it, the in-memory store and the firing protocol written directly
/// with GRDB (``BurstFloor``). Each burst runs in a fresh process of this executable, so
/// that one that takes too long can be stopped.
enum BurstBenchmark {
    /// The hidden subcommand a child process runs: `__e3-child sqlite|memory|floor COUNT DIRECTORY`;
    /// the child keeps its files in DIRECTORY, which the parent removes (also after stopping it).
    static let childCommand = "__e3-child"
    /// Longest a burst may take (the child is stopped after it).
    static let timeout: Duration = .seconds(15)
    /// Requests per add call while scheduling a burst.
    static let batch = 10_000

    /// One side: the engine on one of its stores, or the GRDB floor.
    enum Store: String, CaseIterable {
        case sqlite
        case memory
        case floor

        var title: String {
            switch self {
            case .sqlite: "engine, SQLite store"
            case .memory: "peer: engine, in-memory store"
            case .floor: "floor: the same transactions in bare GRDB, timed from the first"
            }
        }

        func kind(in scratch: ScratchDirectory) -> NotificationStoreKind {
            switch self {
            case .sqlite, .floor: .sqlite(path: scratch.path("engine.sqlite"))
            case .memory: .inMemory
            }
        }
    }

    /// One burst as the parent saw it: finished with its delivery time, or stopped with
    /// how many had been presented how long after the due instant.
    enum Outcome {
        case finished(seconds: Double)
        case stopped(presented: Int, afterSeconds: Double)
    }

    static func run(scale: Double, rounds: Int) async throws -> String {
        let count = scaled(100_000, scale)
        var outcomes: [Store: [Outcome]] = [:]
        for _ in 0..<rounds {
            for store in Store.allCases where !outcomes[store, default: []].contains(where: \.isStopped) {
                outcomes[store, default: []].append(try await child(store, count: count))
            }
        }
        var table = Table(["", "side", "requests>", "due → last presentation s>", "deliveries/s>", "goal", "met"])
        for store in Store.allCases {
            let isGoal = store == .sqlite
            let goal = isGoal ? "≤ 2 s" : "—"
            let runs = outcomes[store, default: []]
            if let stopped = runs.first(where: \.isStopped), case .stopped(let presented, let after) = stopped {
                table.add(
                    "E3", store.title, grouped(Double(count)),
                    "> \(fixed(after, 1)) (stopped: \(grouped(Double(presented))) presented)",
                    grouped(Double(presented) / after) + " (until stopped)", goal, isGoal ? met(false) : "—")
            } else {
                let time = Statistics.median(runs.compactMap(\.seconds))
                table.add(
                    "E3", store.title, grouped(Double(count)), fixed(time, 3), grouped(Double(count) / time), goal,
                    isGoal ? met(time <= 2) : "—")
            }
        }
        return table.text
    }

    /// Runs one burst in a new process.
    private static func child(_ store: Store, count: Int) async throws -> Outcome {
        let scratch = try ScratchDirectory("e3")
        let outcome = try await ChildProcess.run(
            [childCommand, store.rawValue, String(count), scratch.url.path], timeout: timeout)
        if outcome.timedOut {
            let progress = outcome.lastLine("progress")
            let presented = progress?.first.flatMap { Int($0) } ?? 0
            let after = progress?.last.flatMap { Double($0) } ?? 0
            print("  E3 \(store.rawValue): stopped after \(timeout): \(presented) of \(count) presented")
            return .stopped(presented: presented, afterSeconds: after)
        }
        guard outcome.status == 0, let fields = outcome.lastLine("e3"), let time = fields.first.flatMap({ Double($0) })
        else { throw BenchmarkFailure("E3: the \(store.rawValue) child failed (\(outcome.status)): \(outcome.output)") }
        return .finished(seconds: time)
    }

    /// The child: warms up on a small burst, which also tells how long adding takes, then
    /// schedules the burst far enough ahead for the adds to be done when it is due.
    /// Prints `progress PRESENTED SECONDS` lines while waiting, then `e3 SECONDS`.
    static func childMain(_ arguments: [String]) async throws -> Never {
        guard arguments.count == 3, let store = Store(rawValue: arguments[0]), let count = Int(arguments[1]) else {
            throw BenchmarkFailure("usage: \(childCommand) sqlite|memory|floor COUNT DIRECTORY")
        }
        let directory = URL(fileURLWithPath: arguments[2])
        let warmCount = max(1, min(count / 10, 2_000))
        if store == .floor {
            _ = try BurstFloor.run(count: warmCount, in: directory)
            printFlushed("e3 \(try BurstFloor.run(count: count, in: directory))")
            exit(0)
        }
        let warmUp = try await burst(count: warmCount, store: store, lead: 1, in: directory, reports: false)
        let lead = 0.3 + 1.25 * warmUp.addSeconds * Double(count) / Double(warmCount)
        let result = try await burst(count: count, store: store, lead: lead, in: directory, reports: true)
        printFlushed("e3 \(result.deliverySeconds) \(result.addSeconds)")
        exit(0)
    }

    /// One burst: how long adding took, and from the due instant to the last presentation.
    struct Burst {
        var addSeconds: Double
        var deliverySeconds: Double
    }

    /// Schedules `count` requests due `lead` seconds from now, in batches, and waits for
    /// the null presenter to have been handed all of them. If the adds were not done by
    /// the due instant, tries again with twice the lead.
    private static func burst(
        count: Int, store: Store, lead: TimeInterval, in directory: URL, reports: Bool
    ) async throws -> Burst {
        let scratch = try ScratchDirectory("burst", in: directory)
        let presenter = CountingPresenter()
        let engine = try await Fixtures.engine(store.kind(in: scratch), name: "e3-engine", presenters: [presenter])
        let due = Date().addingTimeInterval(lead)
        let clock = ContinuousClock()
        let start = clock.now
        for first in stride(from: 0, to: count, by: batch) {
            let interval = due.timeIntervalSinceNow
            guard interval > 0 else { break }
            let requests = (first..<min(first + batch, count)).map { Fixtures.request($0, interval: interval) }
            try await engine.add(requests, for: benchmarkApp)
        }
        let addSeconds = seconds(clock.now - start)
        guard Date() < due, presenter.count == 0 else {
            printFlushed("adding took \(fixed(addSeconds, 2)) s, over the \(fixed(lead, 2)) s lead; again")
            return try await burst(count: count, store: store, lead: lead * 2, in: directory, reports: reports)
        }
        if reports { Profiling.enable() }
        try await wait(for: presenter, count: count, reports: reports)
        if reports { Profiling.disable() }
        let tally = presenter.snapshot
        guard tally.count == count else { throw BenchmarkFailure("E3: \(tally.count) presentations, not \(count)") }
        withExtendedLifetime(engine) {}
        return Burst(addSeconds: addSeconds, deliverySeconds: tally.last.timeIntervalSince(tally.earliestDue))
    }

    /// Waits until `count` presentations came, printing the progress every 250 ms once the burst is due.
    private static func wait(for presenter: CountingPresenter, count: Int, reports: Bool) async throws {
        var lastReport = Date.distantPast
        while true {
            let tally = presenter.snapshot
            if tally.count >= count { return }
            let now = Date()
            if reports, tally.count > 0, now.timeIntervalSince(lastReport) >= 0.25 {
                printFlushed("progress \(tally.count) \(tally.last.timeIntervalSince(tally.earliestDue))")
                lastReport = now
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

extension BurstBenchmark.Outcome {
    var isStopped: Bool {
        if case .stopped = self { true } else { false }
    }

    var seconds: Double? {
        if case .finished(let seconds) = self { seconds } else { nil }
    }
}
