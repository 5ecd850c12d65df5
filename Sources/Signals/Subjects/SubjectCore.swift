public import Synchronization

/// The shared engine of `Subject` and `ReplaySubject`: a list of observers, an optional
/// replay buffer, and a delivery queue that serializes events from any number of threads.
///
/// Whoever finds the subject idle becomes the drainer and delivers until the queue is
/// empty; sends that arrive meanwhile (from other threads, or re-entrantly from a
/// subscriber) are queued, so every observer sees one event at a time, in one order,
/// and no lock is held while subscriber code runs.
@usableFromInline
final class SubjectCore<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    enum Work {
        case event(Event<Value, Failure>)
        case subscribe(Observer<Value, Failure>)
    }

    @usableFromInline
    enum Start {
        case added, replayNow, queued
        case terminal(Event<Value, Failure>)
    }

    @usableFromInline
    struct State {
        @usableFromInline var observers: ContiguousArray<Observer<Value, Failure>> = []
        @usableFromInline var isDelivering = false
        @usableFromInline var queue = DrainQueue<Work>()
        /// Set when a terminating event is accepted; later sends are ignored.
        @usableFromInline var acceptedTerminal: Event<Value, Failure>?
        /// Set when the terminating event has been delivered; later subscribers get it at once.
        @usableFromInline var deliveredTerminal: Event<Value, Failure>?
        @usableFromInline var buffer: [Value] = []
        @usableFromInline var bufferHead = 0

        @usableFromInline
        init() {}

        @inlinable
        var replayed: ArraySlice<Value> {
            buffer[bufferHead...]
        }

        @inlinable
        mutating func record(_ value: Value, capacity: Int) {
            buffer.append(value)
            if buffer.count - bufferHead > capacity { bufferHead += 1 }
            if bufferHead > 64 && bufferHead * 2 > buffer.count {
                buffer.removeFirst(bufferHead)
                bufferHead = 0
            }
        }
    }

    @usableFromInline
    let state = Locked(State())
    /// How many values are replayed to new subscribers (0 for a plain subject).
    @usableFromInline
    let capacity: Int

    @inlinable
    init(capacity: Int) {
        self.capacity = capacity
    }

    // MARK: Sending

    @inlinable
    func send(_ value: Value) {
        let observers = state.withLock { state -> ContiguousArray<Observer<Value, Failure>>? in
            guard state.acceptedTerminal == nil else { return nil }
            if state.isDelivering {
                state.queue.append(.event(.next(value)))
                return nil
            }
            state.isDelivering = true
            if capacity > 0 { state.record(value, capacity: capacity) }
            return state.observers
        }
        guard let observers else { return }
        for observer in observers { observer.send(value) }
        drain()
    }

    @inlinable
    func sendTerminal(_ event: Event<Value, Failure>) {
        let observers = state.withLock { state -> ContiguousArray<Observer<Value, Failure>>? in
            guard state.acceptedTerminal == nil else { return nil }
            state.acceptedTerminal = event
            if state.isDelivering {
                state.queue.append(.event(event))
                return nil
            }
            state.isDelivering = true
            return state.takeObservers(terminal: event)
        }
        guard let observers else { return }
        for observer in observers { observer.send(event) }
        drain()
    }

    /// Delivers queued work until the queue is empty, then gives up the drainer role.
    @inlinable
    func drain() {
        while let (work, observers) = nextWork() {
            switch work {
            case .event(let event):
                for observer in observers { observer.send(event) }
            case .subscribe(let observer):
                replay(to: observer)
            }
        }
    }

    @inlinable
    func nextWork() -> (Work, ContiguousArray<Observer<Value, Failure>>)? {
        state.withLock { state in
            guard let work = state.queue.popFirst() else {
                state.isDelivering = false
                return nil
            }
            switch work {
            case .event(.next(let value)):
                if capacity > 0 { state.record(value, capacity: capacity) }
                return (work, state.observers)
            case .event(let terminal):
                return (work, state.takeObservers(terminal: terminal))
            case .subscribe(let observer):
                return (.subscribe(observer), [])
            }
        }
    }

    // MARK: Subscribing

    @inlinable
    func subscribe(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        let start = state.withLock { state -> Start in
            if let terminal = state.deliveredTerminal, capacity == 0 { return .terminal(terminal) }
            if capacity == 0 {
                state.observers.append(observer)
                return .added
            }
            if state.isDelivering {
                state.queue.append(.subscribe(observer))
                return .queued
            }
            state.isDelivering = true
            return .replayNow
        }
        switch start {
        case .added, .queued:
            break
        case .terminal(let terminal):
            observer.send(terminal)
            return nil
        case .replayNow:
            replay(to: observer)
            drain()
        }
        let id = ObjectIdentifier(observer)
        // The removal closure is created here, in code specialized for the caller's types;
        // a generic disposable class would run its `dispose()` unspecialized.
        return SubjectSubscription { [self] in remove(id) }
    }

    /// Sends the buffered values (and the terminal event, if delivered) to a new observer,
    /// and adds it to the live observers. Runs only as the drainer.
    @inlinable
    func replay(to observer: Observer<Value, Failure>) {
        let (values, terminal) = state.withLock { state -> (ArraySlice<Value>, Event<Value, Failure>?) in
            // An observer disposed while its subscription was queued must not be kept.
            if state.deliveredTerminal == nil && observer.isActive { state.observers.append(observer) }
            return (state.replayed, state.deliveredTerminal)
        }
        for value in values { observer.send(value) }
        if let terminal { observer.send(terminal) }
    }

    @inlinable
    func remove(_ id: ObjectIdentifier) {
        state.withLock { state in
            if let index = state.observers.lastIndex(where: { ObjectIdentifier($0) == id }) {
                state.observers.remove(at: index)
            }
        }
    }

    @inlinable
    var hasObservers: Bool {
        state.withLock { !$0.observers.isEmpty }
    }
}

extension SubjectCore.State {
    @inlinable
    mutating func takeObservers(terminal: Event<Value, Failure>) -> ContiguousArray<Observer<Value, Failure>> {
        deliveredTerminal = terminal
        defer { observers = [] }
        return observers
    }
}

/// Removes one observer from a subject when disposed (once).
@usableFromInline
final class SubjectSubscription: Disposable {
    @usableFromInline
    let removal: @Sendable () -> Void
    @usableFromInline
    let disposed = Atomic<Bool>(false)

    @inlinable
    init(_ removal: @escaping @Sendable () -> Void) {
        self.removal = removal
    }

    @inlinable
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @inlinable
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        removal()
    }
}
