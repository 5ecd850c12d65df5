import Signals
import Synchronization

/// Records what a test observes, thread-safely, for assertions.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    init() {}

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] {
        storage.withLock { $0 }
    }

    var count: Int {
        storage.withLock { $0.count }
    }
}

/// Records every event of a subscription, rendered as strings: values as themselves,
/// then `error(…)` or `completed`.
final class EventLog<Value: Sendable, Failure: Error>: Sendable {
    let events = Recorder<Event<Value, Failure>>()
    let disposable: any Disposable

    init(_ signal: Signal<Value, Failure>) {
        let events = self.events
        disposable = signal.subscribeEvents { events.append($0) }
    }

    var values: [Value] { events.values.compactMap(\.value) }

    var rendered: [String] {
        events.values.map { event in
            switch event {
            case .next(let value): "\(value)"
            case .error(let error): "error(\(error))"
            case .completed: "completed"
            }
        }
    }

    var isCompleted: Bool {
        if case .completed = events.values.last { true } else { false }
    }
}

/// A counter shared by closures.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    init() {}

    @discardableResult
    func increment() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }

    var current: Int { value.load(ordering: .relaxed) }
}

struct TestError: Error, Equatable, CustomStringConvertible {
    var name: String
    init(_ name: String = "boom") { self.name = name }
    var description: String { name }
}

/// The seed documents' letter and number lists.
let letterStrings = "A B C D E F G H I".split(separator: " ").map(String.init)
let numberStrings = "1 2 3 4 5 6 7 8 9".split(separator: " ").map(String.init)
