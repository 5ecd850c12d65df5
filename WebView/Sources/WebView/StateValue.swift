internal import Signals

/// A current value and a signal that replays it, then sends each change once.
@MainActor
final class StateValue<Value: Equatable & Sendable> {
    private(set) var value: Value
    private let subject = ReplaySubject<Value, Never>(capacity: 1)

    init(_ value: Value) {
        self.value = value
        subject.send(value)
    }

    var signal: Signal<Value, Never> { subject.signal }

    func set(_ newValue: Value) {
        guard newValue != value else { return }
        value = newValue
        subject.send(newValue)
    }
}
