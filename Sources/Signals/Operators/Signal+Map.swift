extension Signal {
    /// Transforms each value.
    ///
    /// ```swift
    /// letters.map { $0 + $0 }   // A B C → AA BB CC
    /// ```
    @inlinable
    public func map<NewValue: Sendable>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Signal<NewValue, Failure> {
        Signal<NewValue, Failure> { observer in
            self.subscribe(Observer(
                next: { observer.send(transform($0)) },
                error: { observer.send(error: $0) },
                completed: { observer.sendCompleted() }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
