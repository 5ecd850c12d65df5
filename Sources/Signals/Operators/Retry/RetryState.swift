/// The state of one `retry` subscription: retries left, and whether a subscription attempt is
/// running on the stack (so a synchronous error asks that loop for the next attempt instead of
/// recursing).
struct RetryState {
    enum OnError {
        /// No retries left: the error passes through.
        case fail
        /// Subscribe again now, from this callback.
        case resubscribe
        /// The attempt loop is still on the stack; it subscribes again when the attempt returns.
        case deferToLoop
    }

    private var retriesLeft: Int
    private var attemptRunning = false
    private var resubscribeRequested = false

    init(retries: Int) {
        retriesLeft = max(retries, 0)
    }

    /// An attempt starts subscribing.
    mutating func beginAttempt() {
        attemptRunning = true
        resubscribeRequested = false
    }

    /// The current attempt's subscribe call returned; returns whether to subscribe again.
    mutating func endAttempt() -> Bool {
        attemptRunning = false
        return resubscribeRequested
    }

    mutating func receiveError() -> OnError {
        guard retriesLeft > 0 else { return .fail }
        if retriesLeft != .max { retriesLeft -= 1 }
        guard attemptRunning else { return .resubscribe }
        resubscribeRequested = true
        return .deferToLoop
    }
}
