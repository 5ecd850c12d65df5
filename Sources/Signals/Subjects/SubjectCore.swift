/// The shared engine of `Subject` and `ReplaySubject`: a list of receivers, an optional
/// replay buffer, and a delivery queue that serializes events from any number of threads.
///
/// Whoever finds the subject idle becomes the drainer and delivers until the queue is
/// empty; sends that arrive meanwhile (from other threads, or re-entrantly from a
/// subscriber) are queued, so every observer sees one event at a time, in one order,
/// and no lock is held while subscriber code runs.
///
/// The list keeps each subscriber's closures and lifetime inline (a `Receiver`), and a
/// subscription leaves it through its lifetime: subscribing with closures allocates only
/// the lifetime, which holds the list's link unretained (`SubjectLink`), and disposing
/// allocates nothing.
@usableFromInline
final class SubjectCore<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    enum Work {
        case event(Event<Value, Failure>)
        case subscribe(Receiver<Value, Failure>)
    }

    @usableFromInline
    enum Start {
        case added, replayNow, queued
        case terminal(Event<Value, Failure>)
    }

    @usableFromInline
    struct State {
        @usableFromInline var observers: ContiguousArray<Receiver<Value, Failure>> = []
        @usableFromInline var isDelivering = false
        @usableFromInline var queue = DrainQueue<Work>()
        /// Set when a terminating event is accepted; later sends are ignored.
        @usableFromInline var acceptedTerminal: Event<Value, Failure>?
        /// Set when the terminating event has been delivered; later subscribers get it at once.
        @usableFromInline var deliveredTerminal: Event<Value, Failure>?
        @usableFromInline var buffer: [Value] = []
        @usableFromInline var bufferHead = 0
        /// How many lifetimes hold this state's link (see `SubjectLink`).
        @usableFromInline var links = 0
        /// Set when the subject went: nothing joins or is sent any more.
        @usableFromInline var isGone = false

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
    let state: SpinLocked<State>
    /// What subscriptions made with closures hold: this state, unretained and counted.
    @usableFromInline
    let link: SubjectListLink<Value, Failure>
    /// How many values are replayed to new subscribers (0 for a plain subject).
    @usableFromInline
    let capacity: Int

    @inlinable
    init(capacity: Int) {
        self.capacity = capacity
        let state = SpinLocked(State())
        self.state = state
        link = SubjectListLink(state: state)
    }

    /// Marks the state gone and lets go of the receivers, of what waits to be delivered and
    /// of the replay buffer, after the lock is given up (their deinits may run any code). If lifetimes still hold the link, the link keeps one
    /// retain, released by the last of them to leave (`SubjectListLink.leave(_:)`): taken
    /// under the lock, so that no leaving can come between the count and the retain.
    deinit {
        var receivers: ContiguousArray<Receiver<Value, Failure>> = []
        var queue = DrainQueue<Work>()
        var buffer: [Value] = []
        state.withLock { state in
            state.isGone = true
            swap(&receivers, &state.observers)
            swap(&queue, &state.queue)
            swap(&buffer, &state.buffer)
            state.bufferHead = 0
            if state.links > 0 { _ = Unmanaged<SubjectLink>.passRetained(link) }
        }
        _ = consume receivers
        _ = consume queue
        _ = consume buffer
    }

    // MARK: Sending

    @inlinable
    func send(_ value: Value) {
        let observers = state.withLock { state -> ContiguousArray<Receiver<Value, Failure>>? in
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
        observers.send(value)
        drain()
    }

    @inlinable
    func sendTerminal(_ event: Event<Value, Failure>) {
        let observers = state.withLock { state -> ContiguousArray<Receiver<Value, Failure>>? in
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
        observers.send(event)
        drain()
    }

    /// Delivers queued work until the queue is empty, then gives up the drainer role.
    @inlinable
    func drain() {
        while let (work, observers) = nextWork() {
            switch work {
            case .event(let event):
                observers.send(event)
            case .subscribe(let observer):
                replay(to: observer)
            }
        }
    }

    @inlinable
    func nextWork() -> (Work, ContiguousArray<Receiver<Value, Failure>>)? {
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

    /// The lifetime of a subscription with closures, created leaving this subject's list
    /// when it ends: the only allocation, and the disposable returned
    /// (`Signal.subscribe(receiving:)` builds the receiver around it and moves it in with
    /// `start(_:)`, which counts it). It holds the link, unretained (see `SubjectLink`).
    @inlinable
    func makeLifetime() -> SubscriptionLifetime {
        SubscriptionLifetime(subject: Unmanaged<SubjectLink>.passUnretained(link))
    }

    /// Subscribes an observer (the signal's start handler). Its lifetime leaves this
    /// subject when it ends, so there is no disposable to hand back. It retains the subject
    /// (`detach`): it joins the list before it holds anything, and is not counted.
    @inlinable
    func subscribe(_ observer: Observer<Value, Failure>) {
        start(observer.receiver, holdsLink: false)
        // Attached after joining the list: a lifetime that already ended leaves it at once.
        observer.lifetime.attach(.detach(detach))
    }

    /// Takes a lifetime's receiver out of the list. Captures only `self`, so it allocates
    /// nothing, and it is built in code specialized for the subject's types.
    @inlinable
    var detach: @Sendable (SubscriptionLifetime) -> Void {
        { [self] lifetime in remove(lifetime) }
    }

    /// Adds `receiver` (after replaying to it), or gives it the terminating event.
    ///
    /// Specialized but not inlined: inlined into a subscription, the optimizer retained the
    /// subscriber's context four times ahead of the branches and released it three times
    /// under the lock, one atomic pair more per subscription than the move it is.
    @inlinable @inline(never)
    func start(_ receiver: consuming Receiver<Value, Failure>, holdsLink: Bool = true) {
        // Moved into the list with `take()`, so joining it costs no reference counting.
        var pending = Optional(receiver)
        let start = state.withLock { state -> Start in
            if holdsLink { state.links += 1 }
            if let terminal = state.deliveredTerminal, capacity == 0 { return .terminal(terminal) }
            if capacity == 0 {
                state.observers.append(pending.take()!)
                return .added
            }
            if state.isDelivering {
                state.queue.append(.subscribe(pending.take()!))
                return .queued
            }
            state.isDelivering = true
            return .replayNow
        }
        switch start {
        case .added, .queued:
            break
        case .terminal(let terminal):
            pending?.send(terminal)
        case .replayNow:
            if let pending { replay(to: pending) }
            drain()
        }
    }

    /// Sends the buffered values (and the terminal event, if delivered) to a new receiver,
    /// and adds it to the live ones. Runs only as the drainer.
    @inlinable
    func replay(to receiver: Receiver<Value, Failure>) {
        let (values, terminal) = state.withLock { state -> (ArraySlice<Value>, Event<Value, Failure>?) in
            // A receiver disposed while its subscription was queued must not be kept.
            if state.deliveredTerminal == nil && receiver.lifetime.isActive { state.observers.append(receiver) }
            return (state.replayed, state.deliveredTerminal)
        }
        for value in values { receiver.send(value) }
        if let terminal { receiver.send(terminal) }
    }

    /// Removes the receiver of `lifetime`: an observer's, which retains the subject (one
    /// made with closures leaves through the link).
    @inlinable
    func remove(_ lifetime: SubscriptionLifetime) {
        _ = Self.leave(state, lifetime, counted: false)
    }

    /// Removes the receiver of `lifetime` from the list in `state` and, when `counted`,
    /// gives up the lifetime's count of the link; returns whether that was the last count
    /// of a subject that is gone (`SubjectLink`). The receiver is moved out of the lock's
    /// closure and released after the lock is given up, so no subscriber code (a captured
    /// object's deinit) runs under the lock; nothing touches the state after that, as a
    /// given-up count no longer keeps it.
    @inlinable
    static func leave(_ state: SpinLocked<State>, _ lifetime: SubscriptionLifetime, counted: Bool) -> Bool {
        var removed: Receiver<Value, Failure>?
        let isLast = state.withLock { state -> Bool in
            if let index = state.observers.lastIndex(where: { $0.lifetime === lifetime }) {
                // The newest subscriber is the likeliest to leave first; it needs no shifting.
                removed = index == state.observers.count - 1 ? state.observers.removeLast() : state.observers.remove(at: index)
            }
            guard counted else { return false }
            state.links -= 1
            return state.isGone && state.links == 0
        }
        _ = consume removed
        return isLast
    }

    @inlinable
    var hasObservers: Bool {
        state.withLock { !$0.observers.isEmpty }
    }
}

extension SubjectCore.State {
    @inlinable
    mutating func takeObservers(terminal: Event<Value, Failure>) -> ContiguousArray<Receiver<Value, Failure>> {
        deliveredTerminal = terminal
        defer { observers = [] }
        return observers
    }
}

extension ContiguousArray {
    /// Sends `value` to each receiver. Indexing (not `for receiver in self`, not a buffer
    /// pointer) lets each call borrow the receiver's closure in place instead of retaining
    /// and releasing its captures around every delivery.
    ///
    /// The loop runs over a copy whose lifetime is fixed: inlined after a subject's lock,
    /// indexing `self` checked the index against the buffer's count again before every
    /// delivery (4 instructions more per delivery, B3 25.2 → 28.1).
    @inlinable @inline(__always)
    func send<Value, Failure>(_ value: Value) where Element == Receiver<Value, Failure> {
        let receivers = self
        withExtendedLifetime(receivers) {
            for index in receivers.indices { receivers[index].send(value) }
        }
    }

    /// Sends `event` to each receiver.
    @inlinable @inline(__always)
    func send<Value, Failure>(_ event: Event<Value, Failure>) where Element == Receiver<Value, Failure> {
        let receivers = self
        withExtendedLifetime(receivers) {
            for index in receivers.indices { receivers[index].send(event) }
        }
    }
}
