import Foundation
import Signals

/// Marble diagrams for time-based operators, on virtual time (after swift-async-algorithms'
/// `TestDebounce`).
///
/// One character is one tick of one virtual second, tick 0 first:
/// - a letter or digit: that value (a one-character `String`)
/// - `-`: nothing happens
/// - `|`: completed
/// - `#`: error (`TestError("#")`)
/// - `[…]`: several events at the same tick, in order, e.g. `[g|]`; the group takes one tick
///
/// `Marble.run` schedules the input on a `TestScheduler`, subscribes the operator's signal at
/// tick 0 (before tick-0 input) and renders what it sends, at the tick it sends it, back to a
/// diagram ending at its last event. Input events at a tick run before timers an operator
/// scheduled for the same tick (they were scheduled first).
enum Marble {
    /// Runs `input` through `transform` and renders the output.
    ///
    /// - Parameter ticks: how long to run; by default until no one-shot action is left
    ///   (repeating timers, as in `Signal.interval`, need `ticks`).
    static func run<Output: Sendable, Failure: Error>(
        _ input: String,
        ticks: Int? = nil,
        _ transform: (Signal<String, TestError>, TestScheduler) -> Signal<Output, Failure>
    ) -> String {
        let scheduler = TestScheduler()
        let subject = Subject<String, TestError>()
        let recorded = Recorder<(tick: Int, symbol: String)>()
        let start = scheduler.now
        let subscription = transform(subject.signal, scheduler).subscribeEvents { event in
            recorded.append((tick(of: scheduler.now, since: start), symbol(event)))
        }
        for (tick, event) in parse(input) {
            scheduler.schedule(after: start.addingTimeInterval(TimeInterval(tick))) { subject.send(event) }
        }
        if let ticks { scheduler.advance(by: TimeInterval(ticks)) } else { scheduler.run() }
        subscription.dispose()
        return render(recorded.values)
    }

    /// The events of a diagram, with their ticks.
    static func parse(_ diagram: String) -> [(tick: Int, event: Event<String, TestError>)] {
        var result: [(Int, Event<String, TestError>)] = []
        var tick = 0
        var inGroup = false
        for character in diagram {
            switch character {
            case "[": inGroup = true
            case "]": inGroup = false
            case "-": break
            case "|": result.append((tick, .completed))
            case "#": result.append((tick, .error(TestError("#"))))
            default: result.append((tick, .next(String(character))))
            }
            if !inGroup && character != "[" { tick += 1 }
        }
        return result
    }

    /// Renders `(tick, symbol)` pairs as a diagram, grouping events of one tick in `[…]`.
    static func render(_ events: [(tick: Int, symbol: String)]) -> String {
        guard let last = events.map(\.tick).max() else { return "" }
        return (0...last).map { tick in
            let symbols = events.filter { $0.tick == tick }.map(\.symbol)
            switch symbols.count {
            case 0: return "-"
            case 1: return symbols[0]
            default: return "[" + symbols.joined() + "]"
            }
        }.joined()
    }

    private static func tick(of date: Date, since start: Date) -> Int {
        Int(date.timeIntervalSince(start).rounded(.down))
    }

    private static func symbol<Output, Failure>(_ event: Event<Output, Failure>) -> String {
        switch event {
        case .next(let value): "\(value)"
        case .error: "#"
        case .completed: "|"
        }
    }
}
