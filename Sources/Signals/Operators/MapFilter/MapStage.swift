/// A `map`, with the `filter` right before it and the one right after it fused in: one
/// stage whose per-value closure calls the user's closures directly.
///
/// A stage per operator reaches the next stage only through its observer's closure, so
/// `map → filter → map` made seven indirect calls per value: each stage's closure and the
/// user's, then the subscriber's. Here `filter(p).map(f).filter(q)` is one closure calling
/// `p`, `f` and `q`. A `map` after a `map` still starts a stage of its own: fusing it would
/// need code specialized for three value types, and the stage before knows only two.
///
/// Between the user's closures the stage checks, as the separate stages did, that the
/// subscription is still active, so a closure that disposes it stops the value there.
/// Errors and completion go straight to the subscriber, and the stage shares its lifetime
/// (`subscribe(sharingLifetimeOf:next:)`): disposing the subscription stops every stage.
@usableFromInline
final class MapStage<Input: Sendable, Value: Sendable, Failure: Error>: AnyMapStage<Value, Failure>, @unchecked Sendable {
    @usableFromInline
    let upstream: Signal<Input, Failure>
    /// The filter before the transform, taken over from a `filter` stage.
    @usableFromInline
    let isIncluded: (@Sendable (Input) -> Bool)?
    @usableFromInline
    let transform: @Sendable (Input) -> Value
    /// The filter after the transform, joined by `filter`.
    @usableFromInline
    let isOutputIncluded: (@Sendable (Value) -> Bool)?

    @inlinable
    init(
        upstream: Signal<Input, Failure>,
        isIncluded: (@Sendable (Input) -> Bool)? = nil,
        transform: @escaping @Sendable (Input) -> Value,
        isOutputIncluded: (@Sendable (Value) -> Bool)? = nil
    ) {
        self.upstream = upstream
        self.isIncluded = isIncluded
        self.transform = transform
        self.isOutputIncluded = isOutputIncluded
        super.init(filtersBefore: isIncluded != nil, filtersAfter: isOutputIncluded != nil) { stage, isOutputIncluded in
            unsafeDowncast(stage, to: MapStage.self).appending(isOutputIncluded)
        }
    }

    /// The mapped signal. Its start handler holds this stage.
    @inlinable
    var signal: Signal<Value, Failure> {
        Signal(kind: .map(Unmanaged.passUnretained(self))) { [self] observer in start(observer) }
    }

    /// This stage with `isOutputIncluded` after the transform, or `nil` if it has a filter there.
    @inlinable
    func appending(_ isOutputIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>? {
        guard self.isOutputIncluded == nil else { return nil }
        return MapStage(upstream: upstream, isIncluded: isIncluded, transform: transform, isOutputIncluded: isOutputIncluded).signal
    }

    /// Subscribes upstream inside `observer`'s subscription with the stage's per-value closure.
    @inlinable
    func start(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        upstream.subscribe(sharingLifetimeOf: observer, next: body(sendingTo: observer))
        return nil
    }

    /// The per-value closure: filters, transforms and filters one value, then sends it on.
    ///
    /// One closure for each combination of filters, calling the user's closures
    /// themselves: reading an optional closure per value would copy it, a retain and a
    /// release each time. With filters it captures one object holding them (see
    /// `FilterMapSink`). The upstream observer checked that the subscription is active
    /// before the first closure, and `observer.send` checks before the subscriber's.
    ///
    /// Always inlined into `start(_:)`: called, the closure it returned went through one
    /// more forwarding thunk per value.
    @inlinable @inline(__always)
    func body(sendingTo observer: Observer<Value, Failure>) -> @Sendable (Input) -> Void {
        let transform = transform
        switch (isIncluded, isOutputIncluded) {
        case (nil, nil):
            return { input in observer.send(transform(input)) }
        case (let isIncluded?, nil):
            let sink = FilterMapSink(isIncluded, transform, observer.receiver)
            return { [sink] input in sink.receive(input) }
        case (nil, let isOutputIncluded?):
            let sink = MapFilterSink(transform, isOutputIncluded, observer.receiver)
            return { [sink] input in sink.receive(input) }
        case (let isIncluded?, let isOutputIncluded?):
            let sink = FilterMapFilterSink(isIncluded, transform, isOutputIncluded, observer.receiver)
            return { [sink] input in sink.receive(input) }
        }
    }
}
