extension Signal {
    /// Transforms each value.
    ///
    /// ```swift
    /// letters.map { $0 + $0 }   // A B C → AA BB CC
    /// ```
    ///
    /// A `map` right after a `filter` takes the filter's predicate into its own stage, and
    /// a `filter` right after a `map` joins the map's stage (see `MapStage`): each value
    /// then passes through one closure that calls both user closures.
    @inlinable
    public func map<NewValue: Sendable>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Signal<NewValue, Failure> {
        if case .filter(let filter) = kind {
            return filter._withUnsafeGuaranteedRef { filter in
                MapStage(upstream: filter.upstream, isIncluded: filter.isIncluded, transform: transform).signal
            }
        }
        return MapStage(upstream: self, transform: transform).signal
    }
}
