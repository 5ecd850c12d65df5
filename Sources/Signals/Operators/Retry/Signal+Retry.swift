extension Signal {
    /// Subscribes again when this signal fails, at most `count` times; the error of the last
    /// attempt passes through. Values of every attempt are forwarded. `retry(0)` retries never.
    ///
    /// ```swift
    /// request.retry(2)   // up to three attempts in all
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    public func retry(_ count: Int) -> Signal {
        precondition(count >= 0, "retry(_:) needs a count of at least 0, got \(count)")
        return Signal { observer in
            let storage = RetryStorage(source: self, downstream: observer, retries: count)
            observer.lifetime.attach(storage.current)
            storage.attempt()
            return nil
        }
    }

    /// Subscribes again every time this signal fails, until it completes or is disposed.
    ///
    /// ```swift
    /// connection.retry()   // reconnects after each failure
    /// ```
    public func retry() -> Signal {
        retry(.max)
    }
}
