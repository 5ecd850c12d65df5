extension Signal {
    /// Combines every value into one result, sent when this signal completes (`initial` if it
    /// sent no value), followed by completion. An error passes through and nothing is sent.
    ///
    /// ```swift
    /// numbers.aggregate(0, +)   // 1 2 3 | → 6 |
    /// ```
    public func aggregate<Result: Sendable>(
        _ initial: Result, _ combine: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result, Failure> {
        Signal<Result, Failure> { observer in
            let accumulated = SerialBox(initial)
            self.subscribe(Observer(
                next: { accumulated.value = combine(accumulated.value, $0) },
                error: { observer.send(error: $0) },
                completed: {
                    observer.send(accumulated.value)
                    observer.sendCompleted()
                }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
