import DequeModule
import Synchronization

/// The attempts an ``OutboxSender`` makes at once, at most ``limit``: a burst of
/// posts (a delivery to many browsers, many deliveries due together) waits here,
/// oldest first, instead of every post's request waiting in the HTTP client's queue,
/// where the time a request may take runs out before it is sent.
final class AttemptSlots: Sendable {
    private struct State {
        var free: Int
        /// The tickets of the posts waiting, in order; a cancelled one stays until it is reached.
        var order: Deque<UInt64> = []
        var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var nextTicket: UInt64 = 0
    }

    let limit: Int
    private let state: Mutex<State>

    init(limit: Int) {
        precondition(limit > 0, "an outbox makes at least one attempt at a time")
        self.limit = limit
        state = Mutex(State(free: limit))
    }

    /// Takes a slot, waiting for one to be free; `false` (and no slot) when the task
    /// is cancelled first.
    func take() async -> Bool {
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let taken = state.withLock { state -> Bool? in
                    if state.free > 0 {
                        state.free -= 1
                        return true
                    }
                    if Task.isCancelled { return false }
                    state.order.append(ticket)
                    state.waiting[ticket] = continuation
                    return nil
                }
                if let taken { continuation.resume(returning: taken) }
            }
        } onCancel: {
            let cancelled = state.withLock { $0.waiting.removeValue(forKey: ticket) }
            cancelled?.resume(returning: false)
        }
    }

    /// How many take a slot now, and how many wait for one (cancelled ones not counted).
    var usage: (taken: Int, waiting: Int) {
        state.withLock { (limit - $0.free, $0.waiting.count) }
    }

    /// Gives a slot back: to the post that has waited longest, if one waits.
    func give() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            while let ticket = state.order.popFirst() {
                if let continuation = state.waiting.removeValue(forKey: ticket) { return continuation }
            }
            state.free += 1
            return nil
        }
        next?.resume(returning: true)
    }
}
