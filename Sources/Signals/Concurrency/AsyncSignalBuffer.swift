import Synchronization

/// The shared state behind one `AsyncSignalSequence` iterator: the subscription, the values
/// it buffered, its end, and the task waiting for the next element.
final class AsyncSignalBuffer<Value: Sendable, Failure: Error>: Sendable {
    typealias Element = Result<Value?, Failure>

    private struct State {
        var started = false
        var values: [Value] = []
        var head = 0
        var failure: Failure?
        var isFinished = false
        var waiter: CheckedContinuation<Element, Never>?
        var subscription: (any Disposable)?

        /// The next element if one is ready, or `nil` when the caller must wait.
        mutating func takeReady() -> Element? {
            if head < values.count {
                defer { popFirst() }
                return .success(values[head])
            }
            if let error = failure {
                failure = nil
                return .failure(error)
            }
            return isFinished ? .success(nil) : nil
        }

        private mutating func popFirst() {
            head += 1
            if head == values.count || head > 1024 {
                values.removeFirst(head)
                head = 0
            }
        }
    }

    private let signal: Signal<Value, Failure>
    private let state = Locked(State())

    init(_ signal: Signal<Value, Failure>) {
        self.signal = signal
    }

    /// Waits for the next value; `.success(nil)` at the end or after cancellation.
    func next() async -> Element {
        startIfNeeded()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    let ready = state.takeReady()
                    if ready == nil { state.waiter = continuation }
                    return ready
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the iteration: disposes the subscription, drops the buffer, wakes the waiter.
    func cancel() {
        let (subscription, waiter) = state.withLock { state in
            state.started = true
            state.isFinished = true
            state.failure = nil
            state.values.removeAll()
            state.head = 0
            defer { state.subscription = nil; state.waiter = nil }
            return (state.subscription, state.waiter)
        }
        subscription?.dispose()
        waiter?.resume(returning: .success(nil))
    }

    private func startIfNeeded() {
        let mustStart = state.withLock { state in
            defer { state.started = true }
            return !state.started
        }
        guard mustStart else { return }
        let subscription = signal.subscribe(Observer(
            next: { [self] value in receive { $0.values.append(value) } },
            error: { [self] error in receive { $0.failure = error; $0.isFinished = true } },
            completed: { [self] in receive { $0.isFinished = true } }
        ))
        let keep = state.withLock { state in
            if !state.isFinished { state.subscription = subscription }
            return !state.isFinished
        }
        if !keep { subscription.dispose() }
    }

    /// Records an event and hands the next element to the waiting task, if any.
    private func receive(_ record: (inout State) -> Void) {
        let handOff = state.withLock { state -> (CheckedContinuation<Element, Never>, Element)? in
            record(&state)
            guard let waiter = state.waiter, let ready = state.takeReady() else { return nil }
            state.waiter = nil
            return (waiter, ready)
        }
        if let (waiter, element) = handOff { waiter.resume(returning: element) }
    }
}
