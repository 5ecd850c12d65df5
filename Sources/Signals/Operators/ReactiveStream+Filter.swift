extension ReactiveStream {
    /// Keeps the values that satisfy `isIncluded`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Self {
        flattenMap { value in isIncluded(value) ? Self.just(value) : Self.empty() }
    }
}

extension Signal {
    /// Keeps the values that satisfy `isIncluded`. (The same as `ReactiveStream.filter`,
    /// specialized for signals: no inner signal per value.)
    ///
    /// ```swift
    /// numbers.filter { $0 % 2 == 0 }   // 1 2 3 4 → 2 4
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal {
        Signal { observer in
            self.subscribe(sharingLifetimeOf: observer) { if isIncluded($0) { observer.send($0) } }
            return nil
        }
    }
}
