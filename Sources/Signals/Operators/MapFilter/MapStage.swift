/// A `map`, with the `filter` right before it, the one right after it and a `map` of the
/// same type after that fused in: one stage whose per-value closure calls the user's
/// closures directly.
///
/// A stage per operator reaches the next stage only through its observer's closure, so
/// `map → filter → map` made seven indirect calls per value: each stage's closure and the
/// user's, then the subscriber's. Here `filter(p).map(f).filter(q).map(g)` is one closure
/// calling `p`, `f`, `q` and `g`. A second `map` joins only when it keeps the value type
/// (`Int → Int`, `String → String`): one that changes it starts a stage of its own, as
/// fusing it would need code specialized for three value types, and the stage before
/// knows only two.
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
    /// The same-type `map` after the filter, joined by `map`.
    @usableFromInline
    let transformAfter: (@Sendable (Value) -> Value)?

    @inlinable
    init(
        upstream: Signal<Input, Failure>,
        isIncluded: (@Sendable (Input) -> Bool)? = nil,
        transform: @escaping @Sendable (Input) -> Value,
        isOutputIncluded: (@Sendable (Value) -> Bool)? = nil,
        transformAfter: (@Sendable (Value) -> Value)? = nil
    ) {
        self.upstream = upstream
        self.isIncluded = isIncluded
        self.transform = transform
        self.isOutputIncluded = isOutputIncluded
        self.transformAfter = transformAfter
        super.init(
            filtersBefore: isIncluded != nil,
            filtersAfter: isOutputIncluded != nil,
            mapsAfter: transformAfter != nil,
            appendingFilter: { stage, isOutputIncluded in
                unsafeDowncast(stage, to: MapStage.self).appending(filter: isOutputIncluded)
            },
            appendingMap: { stage, transformAfter in
                unsafeDowncast(stage, to: MapStage.self).appending(map: transformAfter)
            }
        )
    }

    /// The mapped signal. Its start handler holds this stage.
    @inlinable
    var signal: Signal<Value, Failure> {
        Signal(kind: .map(Unmanaged.passUnretained(self))) { [self] observer in start(observer) }
    }

    /// This stage with `isOutputIncluded` after the transform, or `nil` if it has a filter
    /// or a second map there.
    @inlinable
    func appending(filter isOutputIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>? {
        guard self.isOutputIncluded == nil, transformAfter == nil else { return nil }
        return MapStage(upstream: upstream, isIncluded: isIncluded, transform: transform, isOutputIncluded: isOutputIncluded).signal
    }

    /// This stage with the same-type `transformAfter` last, or `nil` if it has one already.
    @inlinable
    func appending(map transformAfter: @escaping @Sendable (Value) -> Value) -> Signal<Value, Failure>? {
        guard self.transformAfter == nil else { return nil }
        return MapStage(
            upstream: upstream, isIncluded: isIncluded, transform: transform,
            isOutputIncluded: isOutputIncluded, transformAfter: transformAfter
        ).signal
    }

    /// Subscribes upstream inside `observer`'s subscription with the stage's per-value closure.
    @inlinable
    func start(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        upstream.subscribe(sharingLifetimeOf: observer, next: body(sendingTo: observer))
        return nil
    }

    /// The per-value closure: filters, transforms, filters and transforms one value, then
    /// sends it on.
    ///
    /// A plain `map` is one closure capturing the observer and the transform. Otherwise
    /// the closure captures one object holding the user's closures (see `FilterMapSink`),
    /// one class for each combination of filters, sending to the subscriber's receiver or
    /// through the fused second `map` (`MappedOutput`): reading an optional closure per
    /// value would copy it, a retain and a release each time. The upstream observer
    /// checked that the subscription is active before the first closure, and the receiver
    /// checks before the subscriber's.
    ///
    /// Always inlined into `start(_:)`: called, the closure it returned went through one
    /// more forwarding thunk per value.
    @inlinable @inline(__always)
    func body(sendingTo observer: Observer<Value, Failure>) -> @Sendable (Input) -> Void {
        if let transformAfter {
            return body(sendingTo: MappedOutput(transformAfter, observer.receiver))
        }
        guard isIncluded != nil || isOutputIncluded != nil else {
            let transform = transform
            return { input in observer.send(transform(input)) }
        }
        return body(sendingTo: observer.receiver)
    }

    /// The per-value closure of a stage with filters or a second map, sending to `output`.
    @inlinable @inline(__always)
    func body<Output: StageOutput<Value>>(sendingTo output: Output) -> @Sendable (Input) -> Void {
        switch (isIncluded, isOutputIncluded) {
        case (nil, nil):
            let sink = MapSink(transform, output)
            return { [sink] input in sink.receive(input) }
        case (let isIncluded?, nil):
            let sink = FilterMapSink(isIncluded, transform, output)
            return { [sink] input in sink.receive(input) }
        case (nil, let isOutputIncluded?):
            let sink = MapFilterSink(transform, isOutputIncluded, output)
            return { [sink] input in sink.receive(input) }
        case (let isIncluded?, let isOutputIncluded?):
            let sink = FilterMapFilterSink(isIncluded, transform, isOutputIncluded, output)
            return { [sink] input in sink.receive(input) }
        }
    }
}
