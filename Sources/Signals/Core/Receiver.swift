/// What one subscription delivers to: a closure per kind of event, and the lifetime that
/// enforces the signal grammar (values until the first error or completion, nothing after
/// it, nothing after disposal).
///
/// An `Observer` wraps one. A subject keeps them inline in its list, so subscribing to a
/// subject with closures allocates no observer: only the lifetime, which is the disposable.
@usableFromInline
struct Receiver<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    let onNext: @Sendable (Value) -> Void
    @usableFromInline
    let onError: @Sendable (Failure) -> Void
    @usableFromInline
    let onCompleted: @Sendable () -> Void
    @usableFromInline
    let lifetime: SubscriptionLifetime

    @inlinable
    init(
        next: @escaping @Sendable (Value) -> Void,
        error: @escaping @Sendable (Failure) -> Void,
        completed: @escaping @Sendable () -> Void,
        lifetime: SubscriptionLifetime
    ) {
        self.onNext = next
        self.onError = error
        self.onCompleted = completed
        self.lifetime = lifetime
    }

    /// Sends a value; ignored after termination or disposal.
    @inlinable
    func send(_ value: Value) {
        if lifetime.isActive { onNext(value) }
    }

    /// Sends an error and ends the subscription; ignored after termination or disposal.
    @inlinable
    func send(error: Failure) {
        guard lifetime.beginTermination() else { return }
        onError(error)
        lifetime.endUpstream()
    }

    /// Completes the subscription; ignored after termination or disposal.
    @inlinable
    func sendCompleted() {
        guard lifetime.beginTermination() else { return }
        onCompleted()
        lifetime.endUpstream()
    }

    @inlinable
    func send(_ event: Event<Value, Failure>) {
        switch event {
        case .next(let value): send(value)
        case .error(let error): send(error: error)
        case .completed: sendCompleted()
        }
    }
}
