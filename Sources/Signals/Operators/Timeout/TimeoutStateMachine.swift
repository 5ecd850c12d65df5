/// The decisions of `timeout`, without locks, timers or observers: events in, actions out.
///
/// The upstream's terminal event and the timer race; whichever comes first decides how the
/// signal ends, and the other is dropped. Values need no decision: they pass straight through
/// (the downstream observer drops any that arrive after the end).
struct TimeoutStateMachine: Sendable {
    /// What to do with the upstream's error or completion.
    enum TerminationAction: Sendable, Equatable {
        /// Send it downstream (which ends the subscription and cancels the timer).
        case forward
        /// The timer already ended the signal: drop it.
        case drop
    }

    /// What to do when the timer fires.
    enum TimerAction: Sendable, Equatable {
        /// Fail downstream with the timeout error (which disposes the upstream subscription).
        case fail
        /// The upstream already ended the signal: do nothing.
        case ignore
    }

    private var hasEnded = false

    init() {}

    /// The upstream completed or failed.
    mutating func upstreamTerminated() -> TerminationAction {
        guard !hasEnded else { return .drop }
        hasEnded = true
        return .forward
    }

    /// The timer fired.
    mutating func timerFired() -> TimerAction {
        guard !hasEnded else { return .ignore }
        hasEnded = true
        return .fail
    }
}
