extension Signal {
    /// Sends every event of this signal as a value, the terminating one included, then
    /// completes; the result never fails.
    ///
    /// ```swift
    /// Signal<Int, TestError>.fail(TestError()).materialize()   // .error(TestError()) |
    /// ```
    public func materialize() -> Signal<Event<Value, Failure>, Never> {
        Signal<Event<Value, Failure>, Never> { observer in
            self.subscribe(Observer { event in
                observer.send(event)
                if event.isTerminating { observer.sendCompleted() }
            })
        }
    }
}

extension Signal where Failure == Never {
    /// Turns a signal of events back into the events themselves: the inverse of `materialize()`.
    /// An `.error` or `.completed` value ends the result.
    ///
    /// ```swift
    /// signal.materialize().dematerialize()   // behaves like `signal`
    /// ```
    public func dematerialize<V: Sendable, E: Error>() -> Signal<V, E> where Value == Event<V, E> {
        Signal<V, E> { observer in
            self.subscribe(Observer(
                next: { observer.send($0) },
                completed: { observer.sendCompleted() }
            ))
        }
    }
}
