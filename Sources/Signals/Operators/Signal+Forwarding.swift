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

extension Signal {
    /// Subscribes `observer` with its subscription already held by `slot`.
    ///
    /// An event sent synchronously during the subscription may then replace the slot's
    /// subscription (or dispose it) without this call undoing that afterwards, as
    /// `slot.inner = subscribe(observer)` would. A signal that stops its own upstream from
    /// inside a callback (take, takeUntil, switchToLatest) also reaches a synchronous source
    /// this way: the source sees `isActive` turn false.
    @inlinable
    func subscribe(_ observer: Observer<Value, Failure>, holdingIn slot: SerialDisposable) {
        slot.inner = observer.lifetime
        guard observer.isActive else { return }
        observer.lifetime.attach(startHandler(observer))
    }
}
