import Foundation
import Signals
import Synchronization

/// A scheduler whose wall clock can jump, for testing how the engine copes:
/// timers run after the *elapsed* time they were set for, as a timer on a
/// monotonic clock does, while `now` reads a wall clock that ``jump(by:)``
/// moves without running anything — the worst case of an NTP step or a manual
/// clock change.
final class JumpingClock: DateScheduler {
    private struct Timer {
        var elapsedDue: TimeInterval
        var order: Int
        var action: @Sendable () -> Void
        var cancelled: ActionDisposable
    }

    private struct State {
        var wall: Date
        var elapsed: TimeInterval = 0
        var timers: [Timer] = []
        var order = 0
    }

    private let state: Mutex<State>

    init(wall: Date) {
        state = Mutex(State(wall: wall))
    }

    var now: Date { state.withLock { $0.wall } }

    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(after: now, action: action)
    }

    func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> any Disposable {
        let disposable = ActionDisposable()
        state.withLock { state in
            let delay = max(0, date.timeIntervalSince(state.wall))
            state.order += 1
            state.timers.append(Timer(elapsedDue: state.elapsed + delay, order: state.order, action: action, cancelled: disposable))
        }
        return disposable
    }

    func schedule(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        preconditionFailure("the engine does not use repeating timers")
    }

    /// Moves the wall clock without letting any time elapse.
    func jump(by seconds: TimeInterval) {
        state.withLock { $0.wall.addTimeInterval(seconds) }
    }

    /// Lets `seconds` elapse, running each timer when its elapsed time comes.
    func tick(by seconds: TimeInterval) {
        let end = state.withLock { $0.elapsed + seconds }
        while let timer = nextTimer(until: end) {
            if !timer.cancelled.isDisposed { timer.action() }
        }
        state.withLock { state in
            state.wall.addTimeInterval(end - state.elapsed)
            state.elapsed = end
        }
    }

    private func nextTimer(until end: TimeInterval) -> Timer? {
        state.withLock { state in
            guard let index = state.timers.indices.filter({ state.timers[$0].elapsedDue <= end })
                .min(by: { (state.timers[$0].elapsedDue, state.timers[$0].order) < (state.timers[$1].elapsedDue, state.timers[$1].order) })
            else { return nil }
            let timer = state.timers.remove(at: index)
            state.wall.addTimeInterval(timer.elapsedDue - state.elapsed)
            state.elapsed = timer.elapsedDue
            return timer
        }
    }
}
