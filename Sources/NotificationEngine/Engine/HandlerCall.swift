import Foundation
import Logging
import Signals
import Synchronization

/// One call into an app's handler that must complete exactly once: the first
/// completion wins, later ones are ignored, and if none comes within the
/// engine's handler timeout the call is logged and completed with `fallback`.
final class HandlerCall<Value: Sendable>: Sendable {
    private struct State {
        var isDone = false
        var timer: (any Disposable)?
    }

    private let state = Mutex(State())
    private let onComplete: @Sendable (Value) -> Void

    init(
        engine: NotificationEngine, what: String, fallback: Value,
        onComplete: @escaping @Sendable (Value) -> Void
    ) {
        self.onComplete = onComplete
        let timeout = engine.configuration.handlerTimeout
        let logger = engine.logger
        // Holds the call strongly until it completes or times out, so a handler
        // that drops its completion handler still gets the timeout.
        let timer = engine.scheduler.schedule(after: engine.scheduler.now.addingTimeInterval(timeout)) {
            guard self.finish() else { return }
            logger.warning("the app's \(what) did not call its completion handler within \(timeout) s")
            onComplete(fallback)
        }
        state.withLock { state in
            if state.isDone { timer.dispose() } else { state.timer = timer }
        }
    }

    /// Completes the call; ignored after the first completion or the timeout.
    func complete(_ value: Value) {
        if finish() { onComplete(value) }
    }

    /// Marks the call done; `false` if it already was.
    private func finish() -> Bool {
        let (first, timer) = state.withLock { state in
            defer { state.isDone = true; state.timer = nil }
            return (!state.isDone, state.timer)
        }
        timer?.dispose()
        return first
    }
}
