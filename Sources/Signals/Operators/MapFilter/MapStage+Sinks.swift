/// One subscription's side of a `MapStage` with filters or a fused second `map`: the user's
/// closures and the downstream in one object, which the stage's per-value closure captures
/// alone.
///
/// A closure capturing several values keeps them in a context box, and each call went
/// through forwarding thunks that load them (15 instructions per value for B1's first
/// stage); a closure capturing one object is called with the object as its context, and
/// the sink reaches the downstream receiver without going through its `Observer`. One
/// class per combination of filters, each holding only the closures it calls: an
/// optional closure read per value is copied (a retain and a release each time), and a
/// placeholder for a missing filter would be wrapped in a reabstraction thunk.
///
/// Each checks that the subscription is still active after each user closure, so one
/// that disposes it stops the value there (the upstream observer checked before the
/// first, and `downstream.send` checks before the next closure). `downstream` is the
/// subscriber's receiver, or a same-type `map` fused after the stage (`StageOutput`).
@usableFromInline
final class FilterMapSink<Input: Sendable, Output: StageOutput>: Sendable {
    @usableFromInline typealias Value = Output.Sent

    @usableFromInline let isIncluded: @Sendable (Input) -> Bool
    @usableFromInline let transform: @Sendable (Input) -> Value
    @usableFromInline let downstream: Output

    @inlinable
    init(
        _ isIncluded: @escaping @Sendable (Input) -> Bool,
        _ transform: @escaping @Sendable (Input) -> Value,
        _ downstream: Output
    ) {
        self.isIncluded = isIncluded
        self.transform = transform
        self.downstream = downstream
    }

    @inlinable
    func receive(_ input: Input) {
        guard isIncluded(input), downstream.lifetime.isActive else { return }
        downstream.send(transform(input))
    }
}

/// A `map` with a same-type `map` fused after it and no filter (see `FilterMapSink`).
@usableFromInline
final class MapSink<Input: Sendable, Output: StageOutput>: Sendable {
    @usableFromInline typealias Value = Output.Sent

    @usableFromInline let transform: @Sendable (Input) -> Value
    @usableFromInline let downstream: Output

    @inlinable
    init(_ transform: @escaping @Sendable (Input) -> Value, _ downstream: Output) {
        self.transform = transform
        self.downstream = downstream
    }

    @inlinable
    func receive(_ input: Input) {
        downstream.send(transform(input))
    }
}

/// A `map` then a `filter`, for one subscription (see `FilterMapSink`).
@usableFromInline
final class MapFilterSink<Input: Sendable, Output: StageOutput>: Sendable {
    @usableFromInline typealias Value = Output.Sent

    @usableFromInline let transform: @Sendable (Input) -> Value
    @usableFromInline let isOutputIncluded: @Sendable (Value) -> Bool
    @usableFromInline let downstream: Output

    @inlinable
    init(
        _ transform: @escaping @Sendable (Input) -> Value,
        _ isOutputIncluded: @escaping @Sendable (Value) -> Bool,
        _ downstream: Output
    ) {
        self.transform = transform
        self.isOutputIncluded = isOutputIncluded
        self.downstream = downstream
    }

    @inlinable
    func receive(_ input: Input) {
        let value = transform(input)
        guard downstream.lifetime.isActive, isOutputIncluded(value) else { return }
        downstream.send(value)
    }
}

/// A `filter`, a `map` and a `filter`, for one subscription (see `FilterMapSink`).
@usableFromInline
final class FilterMapFilterSink<Input: Sendable, Output: StageOutput>: Sendable {
    @usableFromInline typealias Value = Output.Sent

    @usableFromInline let isIncluded: @Sendable (Input) -> Bool
    @usableFromInline let transform: @Sendable (Input) -> Value
    @usableFromInline let isOutputIncluded: @Sendable (Value) -> Bool
    @usableFromInline let downstream: Output

    @inlinable
    init(
        _ isIncluded: @escaping @Sendable (Input) -> Bool,
        _ transform: @escaping @Sendable (Input) -> Value,
        _ isOutputIncluded: @escaping @Sendable (Value) -> Bool,
        _ downstream: Output
    ) {
        self.isIncluded = isIncluded
        self.transform = transform
        self.isOutputIncluded = isOutputIncluded
        self.downstream = downstream
    }

    @inlinable
    func receive(_ input: Input) {
        guard isIncluded(input), downstream.lifetime.isActive else { return }
        let value = transform(input)
        guard downstream.lifetime.isActive, isOutputIncluded(value) else { return }
        downstream.send(value)
    }
}
