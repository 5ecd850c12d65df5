extension Signal {
    /// Keeps the values that satisfy `isIncluded`.
    ///
    /// ```swift
    /// numbers.filter { $0 % 2 == 0 }   // 1 2 3 4 → 2 4
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal {
        Signal { observer in
            self.subscribe(Observer(
                next: { if isIncluded($0) { observer.send($0) } },
                error: { observer.send(error: $0) },
                completed: { observer.sendCompleted() }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
