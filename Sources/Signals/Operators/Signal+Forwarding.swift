extension Observer {
    /// A new observer that forwards every event to `downstream`, for subscribing a
    /// downstream observer to one more signal without sharing its subscription lifetime.
    @inlinable
    static func forwarding<F: Error>(
        to downstream: Observer<Value, F>, mapError: @escaping @Sendable (Failure) -> F
    ) -> Observer {
        Observer(
            next: { downstream.send($0) },
            error: { downstream.send(error: mapError($0)) },
            completed: { downstream.sendCompleted() }
        )
    }

    /// A new observer that forwards every event to `downstream`.
    @inlinable
    static func forwarding(to downstream: Observer) -> Observer {
        forwarding(to: downstream, mapError: { $0 })
    }
}
