import BenchmarkSupport
import Foundation
@_spi(Benchmarks) import NotificationEngine
import Signals

/// E9 (issue 39's "E3 side by side with and without a Focus"; E3 is the burst
/// benchmark, so the comparison has an id of its own): a burst of requests of 200 apps
/// due at one instant, fired on the real clock to a presenter, with no Focus and with
/// ``FocusFixtures``' Focus on (100 apps let through, 1,000 filter criteria), taking
/// turns in one process, each burst in a new engine and store; the time from the due
/// instant to the last presentation, per delivery. Beside it, `FocusPolicy`'s decision
/// alone (through ``FocusDecisionProbe``) for the same deliveries, with no Focus and
/// with the Focus.
enum FocusBenchmark {
    static let burst = 20_000
    static let decisions = 2_000_000

    enum Side: String, CaseIterable {
        case sqliteOff, sqliteOn, memoryOff, memoryOn

        var title: String {
            switch self {
            case .sqliteOff: "SQLite store, no Focus"
            case .sqliteOn: "SQLite store, Focus on"
            case .memoryOff: "in-memory store, no Focus"
            case .memoryOn: "in-memory store, Focus on"
            }
        }

        var isFocusOn: Bool { self == .sqliteOn || self == .memoryOn }

        func kind(in scratch: ScratchDirectory) -> NotificationStoreKind {
            switch self {
            case .sqliteOff, .sqliteOn: .sqlite(path: scratch.path("engine.sqlite"))
            case .memoryOff, .memoryOn: .inMemory
            }
        }
    }

    static func run(scale: Double, rounds: Int) async throws -> String {
        let count = scaled(burst, scale)
        print("  Focus: \(FocusFixtures.focus.allowedApps.count) apps let through, \(FocusFixtures.criteriaCount) filter criteria; \(FocusFixtures.appCount) apps deliver")
        var perDelivery: [Side: [Double]] = [:]
        for round in 0..<rounds {
            // The order of the sides turns each round, so neither always goes first.
            let order = round % 2 == 0 ? Side.allCases : Side.allCases.reversed()
            for side in order {
                let value = try await measure(side, count: count)
                perDelivery[side, default: []].append(value)
                print("  round \(round + 1) \(side.title): \(fixed(value * 1e6, 2)) µs per delivery (load \(Machine.loadAverage))")
            }
        }
        var table = Table(["", "side", "deliveries>", "µs per delivery: mean ± sd>", "min–max µs>", "Focus adds µs per delivery>", "goal", "met"])
        for side in Side.allCases {
            let values = perDelivery[side, default: []].map { $0 * 1e6 }
            var added = "—"
            var goal = "—"
            var isMet = "—"
            if side.isFocusOn {
                let off = perDelivery[side == .sqliteOn ? .sqliteOff : .memoryOff, default: []].map { $0 * 1e6 }
                // The two sides of a store run back to back in each round, so the round's
                // difference is the measurement: its mean, and its standard error over the rounds.
                let paired = zip(values, off).map { $0 - $1 }
                let difference = mean(paired)
                let error = (variance(paired) / Double(paired.count)).squareRoot()
                added = "\(fixed(difference, 2)) ± \(fixed(error, 2)) (paired \(fixed(paired.min() ?? .nan, 2))…\(fixed(paired.max() ?? .nan, 2)))"
                goal = side == .sqliteOn ? "≤ 1 µs" : "—"
                // A difference whose standard error is 1 µs or more, or unknown (one round),
                // cannot tell whether the goal is met.
                isMet =
                    side != .sqliteOn ? "—"
                    : paired.count < 2 ? "not resolved (one round)"
                    : error < 1 ? met(difference <= 1) : "not resolved (± \(fixed(error, 1)) µs)"
            }
            table.add(
                "E9", side.title, grouped(Double(count)),
                "\(fixed(mean(values), 2)) ± \(fixed(variance(values).squareRoot(), 2))",
                "\(fixed(values.min() ?? .nan, 2))–\(fixed(values.max() ?? .nan, 2))", added, goal, isMet)
        }
        return table.text + "\n\n" + (try decisionTable(count: scaled(decisions, scale), rounds: rounds))
    }

    /// One burst of `count` on a new engine: seconds per delivery, due → last presentation.
    private static func measure(_ side: Side, count: Int, lead: TimeInterval = 2) async throws -> Double {
        let scratch = try ScratchDirectory("e9")
        let presenter = CountingPresenter()
        let engine = try NotificationEngine(
            store: side.kind(in: scratch), scheduler: QueueScheduler(name: "e9-\(side.rawValue)"),
            configuration: Fixtures.configuration, presenters: [presenter])
        for app in 0..<FocusFixtures.appCount {
            _ = try await engine.requestAuthorization(options: [.alert, .sound, .badge], for: FocusFixtures.app(app))
        }
        if side.isFocusOn { try engine.updateQuietSettings(FocusFixtures.settings) }
        let due = Date().addingTimeInterval(lead)
        let byApp = Dictionary(grouping: 0..<count) { $0 % FocusFixtures.appCount }
        for (app, indices) in byApp.sorted(by: { $0.key < $1.key }) {
            let interval = due.timeIntervalSinceNow
            guard interval > 0 else { break }
            try await engine.add(indices.map { FocusFixtures.request($0, interval: interval) }, for: FocusFixtures.app(app))
        }
        guard Date() < due, presenter.snapshot.count == 0 else {
            print("  adding took longer than the \(fixed(lead, 2)) s lead; again with twice the lead")
            return try await measure(side, count: count, lead: lead * 2)
        }
        try await waitUntil("\(count) presentations", timeout: .seconds(lead + 120)) { presenter.snapshot.count >= count }
        let tally = presenter.snapshot
        let expectedQuiet = side.isFocusOn ? (0..<count).count(where: { !FocusFixtures.isLetThrough($0) }) : 0
        guard tally.count == count, tally.quiet == expectedQuiet else {
            throw BenchmarkFailure("E9 \(side.rawValue): \(tally.count) presentations, \(tally.quiet) quiet; expected \(count), \(expectedQuiet) quiet")
        }
        withExtendedLifetime(engine) {}
        return tally.last.timeIntervalSince(tally.earliestDue) / Double(count)
    }

    /// `FocusPolicy`'s decision alone, `count` deliveries of the burst's shape, with no
    /// Focus and with the Focus; nanoseconds per decision, the sides taking turns.
    private static func decisionTable(count: Int, rounds: Int) throws -> String {
        let probes = (0..<FocusFixtures.appCount).map {
            FocusDecisionProbe(app: FocusFixtures.app($0).rawValue, allowsTimeSensitive: true, isInSummary: false)
        }
        let targets = (0..<FocusFixtures.appCount * 40).map { FocusFixtures.target($0) }
        let states = [QuietState.none, QuietState(focus: FocusFixtures.focus)]
        let expectedQuiet = targets.indices.count(where: { !FocusFixtures.isLetThrough($0) })
        var nanoseconds: [[Double]] = [[], []]
        let clock = ContinuousClock()
        for _ in 0...rounds {  // the first round warms up
            for (side, quiet) in states.enumerated() {
                var quieted = 0
                let start = clock.now
                for index in 0..<count {
                    let target = targets[index % targets.count]
                    if probes[target.app].decide(.active, criteria: target.criteria, quiet: quiet) == .quiet { quieted += 1 }
                }
                let elapsed = seconds(clock.now - start)
                let expected = side == 0 ? 0 : expectedQuiet * (count / targets.count) + (0..<(count % targets.count)).count(where: { !FocusFixtures.isLetThrough($0) })
                guard quieted == expected else { throw BenchmarkFailure("E9 decision: \(quieted) quiet, not \(expected)") }
                nanoseconds[side].append(elapsed / Double(count) * 1e9)
            }
        }
        let off = Array(nanoseconds[0].dropFirst())
        let on = Array(nanoseconds[1].dropFirst())
        var table = Table(["", "FocusPolicy.decide alone", "decisions>", "ns per decision: median (min–max)>"])
        table.add("E9", "no Focus", grouped(Double(count)), "\(fixed(Statistics.median(off), 1)) (\(fixed(off.min()!, 1))–\(fixed(off.max()!, 1)))")
        table.add("E9", "Focus on (100 apps, 1,000 criteria)", grouped(Double(count)), "\(fixed(Statistics.median(on), 1)) (\(fixed(on.min()!, 1))–\(fixed(on.max()!, 1)))")
        return table.text
    }

    private static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    /// The sample variance (0 for one value).
    private static func variance(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let average = mean(values)
        return values.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(values.count - 1)
    }
}
