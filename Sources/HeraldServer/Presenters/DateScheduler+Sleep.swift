import Foundation
import Signals
import Synchronization

extension DateScheduler {
    /// Waits until the scheduler's clock reaches `date` (at once if it has), without holding a
    /// thread; on virtual time, until a test advances the clock that far.
    ///
    /// - Returns: `false` if the task was cancelled first (the timer is then cancelled too).
    func sleep(until date: Date) async -> Bool {
        guard date > now else { return !Task.isCancelled }
        let wait = ScheduledWait()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                wait.start(continuation, timer: { schedule(after: date, action: $0) })
            }
        } onCancel: {
            wait.cancel()
        }
        return !Task.isCancelled
    }
}

/// One `sleep(until:)`: its continuation is resumed once, by the timer or by cancellation,
/// whichever comes first.
private final class ScheduledWait: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var timer: (any Disposable)?
        var isCancelled = false
    }

    private let state = Mutex(State())

    func start(
        _ continuation: CheckedContinuation<Void, Never>,
        timer makeTimer: (@escaping @Sendable () -> Void) -> any Disposable
    ) {
        let cancelled = state.withLock { state in
            state.continuation = continuation
            return state.isCancelled
        }
        guard !cancelled else { return resume() }
        let timer = makeTimer { [self] in resume() }
        let keep = state.withLock { state in
            guard state.continuation != nil else { return false }
            state.timer = timer
            return true
        }
        if !keep { timer.dispose() }
    }

    func cancel() {
        let timer = state.withLock { state in
            state.isCancelled = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.dispose()
        resume()
    }

    private func resume() {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
