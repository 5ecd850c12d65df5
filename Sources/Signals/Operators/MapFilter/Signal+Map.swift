extension Signal {
    /// Transforms each value.
    ///
    /// ```swift
    /// letters.map { $0 + $0 }   // A B C → AA BB CC
    /// ```
    ///
    /// A `map` right after a `filter` takes the filter's predicate into its own stage, a
    /// `filter` right after a `map` joins the map's stage, and so does a `map` that keeps
    /// the value type (see `MapStage`): each value then passes through one closure that
    /// calls the user closures.
    @inlinable
    public func map<NewValue: Sendable>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Signal<NewValue, Failure> {
        switch kind {
        case .filter(let filter):
            return filter._withUnsafeGuaranteedRef { filter in
                MapStage(upstream: filter.upstream, isIncluded: filter.isIncluded, transform: transform).signal
            }
        case .map(let stage) where NewValue.self == Value.self:
            // The types are equal, so the casts change nothing.
            let sameType = unsafeBitCast(transform, to: (@Sendable (Value) -> Value).self)
            if let fused = stage._withUnsafeGuaranteedRef({ $0.appendingMap($0, sameType) }) {
                return unsafeBitCast(fused, to: Signal<NewValue, Failure>.self)
            }
        case .plain, .subject, .map:
            break
        }
        return MapStage(upstream: self, transform: transform).signal
    }
}
