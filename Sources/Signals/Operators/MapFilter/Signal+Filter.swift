extension Signal {
    /// Keeps the values that satisfy `isIncluded`. (The same as `ReactiveStream.filter`,
    /// specialized for signals: no inner signal per value.)
    ///
    /// ```swift
    /// numbers.filter { $0 % 2 == 0 }   // 1 2 3 4 → 2 4
    /// ```
    ///
    /// Right after a `map`, the predicate joins the map's stage (see `MapStage`).
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal {
        if case .map(let map) = kind,
            let fused = map._withUnsafeGuaranteedRef({ $0.appendingFilter($0, isIncluded) })
        {
            return fused
        }
        return FilterStage(upstream: self, isIncluded: isIncluded).signal
    }
}
