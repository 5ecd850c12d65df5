/// A `filter`: its upstream and predicate, kept beside the signal it makes (`Signal.Kind.filter`)
/// so that a `map` that follows can take the predicate into its own stage instead of
/// subscribing to this one.
@usableFromInline
final class FilterStage<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    let upstream: Signal<Value, Failure>
    @usableFromInline
    let isIncluded: @Sendable (Value) -> Bool

    @inlinable
    init(upstream: Signal<Value, Failure>, isIncluded: @escaping @Sendable (Value) -> Bool) {
        self.upstream = upstream
        self.isIncluded = isIncluded
    }

    /// The filtered signal. Its start handler holds this stage.
    @inlinable
    var signal: Signal<Value, Failure> {
        Signal(kind: .filter(Unmanaged.passUnretained(self))) { [self] observer in start(observer) }
    }

    /// Subscribes upstream inside `observer`'s subscription, passing on the values that satisfy the predicate.
    @inlinable
    func start(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        upstream.subscribe(sharingLifetimeOf: observer) { [isIncluded] value in
            if isIncluded(value) { observer.send(value) }
        }
        return nil
    }
}
