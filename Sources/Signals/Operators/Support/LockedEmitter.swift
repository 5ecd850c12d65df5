import Synchronization

/// Operator state and the events it decides to send, kept under one lock, with the
/// events delivered downstream in the order they were decided.
///
/// Operators driven by an upstream and by timers (throttle, delay) decide what to send
/// while holding their state's lock, but must not run downstream code under it. `update`
/// appends the decided events to an outbox under the lock; after the lock is released the
/// first caller to find no delivery running delivers the outbox, draining what others add
/// meanwhile (the pattern of `SerializedObserver`). So events reach the observer one at a
/// time, in decision order, and re-entrant sends are queued rather than deadlocking.
final class LockedEmitter<State: Sendable, Value: Sendable, Failure: Error>: Sendable {
    /// Events decided under the lock, waiting to be delivered.
    struct Outbox {
        fileprivate var events = DrainQueue<Event<Value, Failure>>()

        mutating func send(_ event: Event<Value, Failure>) {
            events.append(event)
        }

        fileprivate var isEmpty: Bool { events.isEmpty }

        fileprivate mutating func pop() -> Event<Value, Failure>? {
            events.popFirst()
        }
    }

    private struct Storage {
        var state: State
        var outbox = Outbox()
        var isDelivering = false
    }

    private let downstream: Observer<Value, Failure>
    private let storage: Locked<Storage>

    init(_ state: sending State, downstream: Observer<Value, Failure>) {
        self.downstream = downstream
        self.storage = Locked(Storage(state: state))
    }

    /// Runs `body` on the state under the lock, then delivers the events it sent.
    @discardableResult
    func update<Output: Sendable>(_ body: (inout State, inout Outbox) -> Output) -> Output {
        let (result, deliver) = storage.withLock { storage in
            let result = body(&storage.state, &storage.outbox)
            guard !storage.isDelivering, !storage.outbox.isEmpty else { return (result, false) }
            storage.isDelivering = true
            return (result, true)
        }
        if deliver { drain() }
        return result
    }

    private func drain() {
        while let event = storage.withLock({ storage -> Event<Value, Failure>? in
            let event = storage.outbox.pop()
            if event == nil { storage.isDelivering = false }
            return event
        }) {
            downstream.send(event)
        }
    }
}
