import BenchmarkSupport
import Dispatch
import Foundation
import NotificationEngine

/// E2: how late deliveries are shown on the real clock — 10,000 requests due one
/// millisecond apart over 10 s — beside one `DispatchQueue.asyncAfter(wallDeadline:)`
/// timer per request firing at the same due dates.
enum LatenessBenchmark {
    /// Time between the start of the run and the first due date, for the adds to finish.
    static let lead: TimeInterval = 1

    static func run(scale: Double, rounds: Int) async throws -> String {
        let count = scaled(10_000, scale)
        let span = 10 * scale
        var engine: [Lateness] = []
        var timers: [Lateness] = []
        for _ in 0..<rounds {
            engine.append(try await engineSide(count: count, span: span))
            timers.append(try await timerSide(count: count, span: span))
        }
        var table = Table(["", "side", "deliveries>", "p50 ms>", "p90 ms>", "p99 ms>", "max ms>", "goal", "met"])
        let title = "\(grouped(Double(count))) due over \(fixed(span, 1)) s"
        let engineMedian = Lateness(medianOf: engine)
        table.add(
            ["E2", "engine, SQLite store, QueueScheduler — \(title)"] + engineMedian.cells
                + ["p99 ≤ 5 ms", met(engineMedian.p99 <= 5)])
        table.add(
            ["E2", "peer: one asyncAfter(wallDeadline:) per request — \(title)"] + Lateness(medianOf: timers).cells
                + ["—", "—"])
        return table.text
    }

    /// The due offsets: `count` instants spread evenly over `span` seconds after the lead.
    private static func offsets(count: Int, span: TimeInterval) -> [TimeInterval] {
        (0..<count).map { lead + span * Double($0) / Double(count) }
    }

    /// Adds the requests in one batch and records how late each is presented.
    private static func engineSide(count: Int, span: TimeInterval) async throws -> Lateness {
        let scratch = try ScratchDirectory("e2")
        let presenter = LatenessPresenter(expected: count)
        let engine = try await Fixtures.engine(
            .sqlite(path: scratch.path("engine.sqlite")), name: "e2-engine", presenters: [presenter])
        let start = Date()
        // Due `offset` after the moment of the add (the engine's clock when it adds).
        let requests = offsets(count: count, span: span).enumerated().map { index, offset in
            Fixtures.request(index, interval: offset)
        }
        Profiling.enable()
        try await engine.add(requests, for: benchmarkApp)
        try checkLead(start)
        try await waitUntil("\(count) presentations", timeout: .seconds(span + lead + 60)) { presenter.count >= count }
        Profiling.disable()
        return Lateness(seconds: presenter.values)
    }

    /// One wall-clock dispatch timer per request on one serial queue, each recording
    /// how late it ran.
    private static func timerSide(count: Int, span: TimeInterval) async throws -> Lateness {
        let recorder = LatenessPresenter(expected: count)
        let queue = DispatchQueue(label: "e2-timers")
        let start = Date()
        for offset in offsets(count: count, span: span) {
            let due = start.addingTimeInterval(offset)
            queue.asyncAfter(wallDeadline: wallDeadline(for: due)) {
                recorder.record(Date().timeIntervalSince(due))
            }
        }
        try checkLead(start)
        try await waitUntil("\(count) timers", timeout: .seconds(span + lead + 60)) { recorder.count >= count }
        return Lateness(seconds: recorder.values)
    }

    /// Fails the run if scheduling took longer than the lead (the first requests would
    /// have been due before they were added).
    private static func checkLead(_ start: Date) throws {
        let took = Date().timeIntervalSince(start)
        guard took < lead else {
            throw BenchmarkFailure("E2: scheduling took \(fixed(took, 3)) s, over the \(lead) s lead")
        }
    }

    /// `date` as a Dispatch wall-clock deadline, as `QueueScheduler` converts it.
    private static func wallDeadline(for date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let nanoseconds = Int((seconds - whole) * 1_000_000_000)
        return DispatchWallTime(timespec: timespec(tv_sec: Int(whole), tv_nsec: nanoseconds))
    }
}

extension Lateness {
    /// The deliveries, p50, p90, p99 and max cells of a table row.
    fileprivate var cells: [String] {
        [grouped(Double(count)), fixed(p50, 3), fixed(p90, 3), fixed(p99, 3), fixed(max, 3)]
    }
}
