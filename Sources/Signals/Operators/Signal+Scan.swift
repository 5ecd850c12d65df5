extension Signal {
    /// Sends each running accumulation: `combine(initial, first)`, then that combined with
    /// the second value, and so on. Each subscription starts again from `initial`.
    ///
    /// ```swift
    /// numbers.scan(0, +)   // 1 2 3 → 1 3 6
    /// ```
    public func scan<Result: Sendable>(
        _ initial: Result, _ combine: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result, Failure> {
        Signal<Result, Failure> { observer in
            let accumulated = SerialBox(initial)
            self.subscribe(Observer(
                next: { value in
                    accumulated.value = combine(accumulated.value, value)
                    observer.send(accumulated.value)
                },
                error: { observer.send(error: $0) },
                completed: { observer.sendCompleted() }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
