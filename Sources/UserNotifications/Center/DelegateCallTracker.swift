import Synchronization

/// Counts the delegate callbacks that have started and whose completion handler
/// has not been called yet, so that ``UNUserNotificationCenter/waitForDelegateCallbacks()``
/// can wait for them.
final class DelegateCallTracker: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// A callback starts; call ``Call/finish(_:)`` from its completion handler.
    func begin() -> Call {
        state.withLock { $0.running += 1 }
        return Call(tracker: self)
    }

    /// Returns once no callback is running.
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let isIdle = state.withLock { state in
                if state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    private func end() {
        let waiters = state.withLock { state in
            state.running -= 1
            guard state.running == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// One running callback.
    final class Call: Sendable {
        private let tracker: DelegateCallTracker
        private let isFinished = Atomic(false)

        fileprivate init(tracker: DelegateCallTracker) {
            self.tracker = tracker
        }

        /// Runs `completion` (what the completion handler passes on) and then
        /// marks the callback finished, the first time only, so a completion
        /// handler called twice is passed on once, and a wait for the callbacks
        /// ends after what the completion did (a delivery shown, a response handled).
        func finish(_ completion: () -> Void) {
            guard !isFinished.exchange(true, ordering: .acquiringAndReleasing) else { return }
            completion()
            tracker.end()
        }
    }
}
