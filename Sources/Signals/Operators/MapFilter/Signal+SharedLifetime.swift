extension Signal {
    /// Subscribes an observer that hands each value to `next` and forwards the error and
    /// completion to `downstream` unchanged, inside `downstream`'s own subscription.
    ///
    /// Stateless per-value operators (`map`, `filter`) use it: the upstream observer shares
    /// the downstream's lifetime instead of holding a second one, so a chain of them is one
    /// subscription — one lifetime to allocate, and disposing it stops every stage at once.
    /// The upstream observer forwards the terminating events without wrapping them.
    @inlinable
    func subscribe<Downstream: Sendable>(
        sharingLifetimeOf downstream: Observer<Downstream, Failure>,
        next: @escaping @Sendable (Value) -> Void
    ) {
        // Ended before this stage started (a stage further down already disposed it).
        guard downstream.isActive else { return }
        let receiver = downstream.receiver
        subscribe(Observer(receiver: Receiver(
            next: next, error: receiver.onError, completed: receiver.onCompleted, lifetime: receiver.lifetime)))
    }
}
