/// A `map` stage seen from downstream, where its input type is not known: what a `filter`
/// or a same-type `map` that follows needs to join it (`Signal.Kind.map`).
///
/// `MapStage`, which knows the input type, is the only subclass.
@usableFromInline
class AnyMapStage<Value: Sendable, Failure: Error>: @unchecked Sendable {
    /// Returns the stage's signal with `isIncluded` run after its transform, as one stage,
    /// or `nil` when the stage already has a filter or a second `map` after it.
    ///
    /// Made by `MapStage`'s initializer, in code specialized for its three types; it takes
    /// the stage as an argument rather than capturing it, so it allocates nothing and holds
    /// no reference to it.
    @usableFromInline
    let appendingFilter: @Sendable (AnyMapStage, @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>?

    /// Returns the stage's signal with `transform` run last, as one stage, or `nil` when
    /// the stage already has a second `map`. Made like `appendingFilter`.
    ///
    /// Only a `map` that keeps the value type can join: the stage's code is specialized
    /// for its input and output types, and a third type would need code specialized for
    /// all three, which no place in the chain has.
    @usableFromInline
    let appendingMap: @Sendable (AnyMapStage, @escaping @Sendable (Value) -> Value) -> Signal<Value, Failure>?

    /// Whether a `filter` before the transform was fused in (tests read it, `Signal.fusedStage`).
    @usableFromInline
    let filtersBefore: Bool
    /// Whether a `filter` after the transform was fused in.
    @usableFromInline
    let filtersAfter: Bool
    /// Whether a same-type `map` was fused in last.
    @usableFromInline
    let mapsAfter: Bool

    @inlinable
    init(
        filtersBefore: Bool,
        filtersAfter: Bool,
        mapsAfter: Bool,
        appendingFilter: @escaping @Sendable (AnyMapStage, @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>?,
        appendingMap: @escaping @Sendable (AnyMapStage, @escaping @Sendable (Value) -> Value) -> Signal<Value, Failure>?
    ) {
        self.filtersBefore = filtersBefore
        self.filtersAfter = filtersAfter
        self.mapsAfter = mapsAfter
        self.appendingFilter = appendingFilter
        self.appendingMap = appendingMap
    }
}
