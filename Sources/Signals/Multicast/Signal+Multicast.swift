extension Signal {
    /// A connection that shares one subscription to this signal through a new `Subject`.
    ///
    /// Subscribers of `connection.signal` receive the events sent after they subscribed.
    ///
    /// ```swift
    /// let connection = expensive.publish()
    /// connection.signal.subscribeNext { print($0) }
    /// connection.connect()
    /// ```
    public func publish() -> MulticastConnection<Value, Failure> {
        multicast(Subject())
    }

    /// A connection that shares one subscription to this signal through `subject`.
    public func multicast(_ subject: Subject<Value, Failure>) -> MulticastConnection<Value, Failure> {
        MulticastConnection(source: self, core: subject.core)
    }

    /// A connection that shares one subscription to this signal through `subject`,
    /// which replays what it recorded to late subscribers.
    ///
    /// ```swift
    /// let connection = request.multicast(ReplaySubject(capacity: 1))
    /// connection.connect()
    /// connection.signal.subscribeNext { print($0) }   // receives the latest value
    /// ```
    public func multicast(_ subject: ReplaySubject<Value, Failure>) -> MulticastConnection<Value, Failure> {
        MulticastConnection(source: self, core: subject.core)
    }
}
