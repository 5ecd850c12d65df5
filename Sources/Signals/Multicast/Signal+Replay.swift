extension Signal {
    /// Subscribes to this signal at once, sharing the subscription, and returns a signal
    /// that replays every value (and the terminating event) to each subscriber.
    ///
    /// ```swift
    /// let result = request.replay()          // the request starts now, once
    /// result.subscribeNext { print($0) }     // every value so far, then live ones
    /// ```
    public func replay() -> Signal {
        let connection = multicast(ReplaySubject())
        connection.connect()
        return connection.signal
    }

    /// Like `replay()`, but replays only the latest value (and the terminating event).
    public func replayLast() -> Signal {
        let connection = multicast(ReplaySubject(capacity: 1))
        connection.connect()
        return connection.signal
    }

    /// Like `replay()`, but subscribes to this signal only when the result is first
    /// subscribed; the shared subscription is never disposed by subscribers leaving.
    ///
    /// ```swift
    /// let result = request.replayLazily()   // nothing runs yet
    /// result.subscribeNext { print($0) }    // the request starts, once
    /// ```
    public func replayLazily() -> Signal {
        let connection = multicast(ReplaySubject())
        return Signal { observer in
            connection.core.subscribe(observer)
            connection.connect()
            return nil
        }
    }
}
