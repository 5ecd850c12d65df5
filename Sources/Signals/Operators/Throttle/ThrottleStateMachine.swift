/// The decisions of `throttle`, without locks, timers or observers: events in, actions out.
///
/// At most one value is pending. Every upstream value starts a new generation, so a timer
/// started for an older value finds its generation stale and sends nothing.
struct ThrottleStateMachine<Value: Sendable>: Sendable {
    /// What to do with an upstream value.
    enum NextAction: Sendable {
        /// Send the value now (it did not pass the test); any timer is obsolete.
        case forward(Value)
        /// Keep the value and start a timer for this generation.
        case startTimer(generation: UInt64)
    }

    private var pending: Value?
    private var generation: UInt64 = 0

    init() {}

    /// A value arrived: it replaces the pending one either way.
    mutating func next(_ value: Value, throttled: Bool) -> NextAction {
        generation &+= 1
        guard throttled else {
            pending = nil
            return .forward(value)
        }
        pending = value
        return .startTimer(generation: generation)
    }

    /// The timer of `generation` fired: the value to send, if it is still the pending one.
    mutating func timerFired(generation firedGeneration: UInt64) -> Value? {
        guard firedGeneration == generation else { return nil }
        return takePending()
    }

    /// The upstream completed: the pending value, to send before completing.
    mutating func completed() -> Value? {
        takePending()
    }

    /// The upstream failed: the pending value is dropped.
    mutating func failed() {
        _ = takePending()
    }

    private mutating func takePending() -> Value? {
        generation &+= 1
        defer { pending = nil }
        return pending
    }
}
