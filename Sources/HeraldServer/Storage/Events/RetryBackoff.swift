/// How long to wait before trying again after failures in a row: 0.1 s, doubling
/// up to 5 s, back to 0.1 s after a success (as the store's own background
/// connections wait).
struct RetryBackoff: Sendable {
    private var delay = Duration.milliseconds(100)

    /// The wait before the next try, and doubles the one after.
    mutating func next() -> Duration {
        defer { delay = min(delay * 2, .seconds(5)) }
        return delay
    }

    /// After a success: the next failure waits 0.1 s again.
    mutating func reset() {
        delay = .milliseconds(100)
    }
}
