extension Signal {
    /// Collects every value into one array, sent when this signal completes (`[]` if it sent
    /// no value), followed by completion. An error passes through and nothing is sent.
    ///
    /// ```swift
    /// letters.collect()   // A B C | → [A, B, C] |
    /// ```
    public func collect() -> Signal<[Value], Failure> {
        Signal<[Value], Failure> { observer in
            let collected = SerialBox<[Value]>([])
            self.subscribe(Observer(
                next: { collected.value.append($0) },
                error: { observer.send(error: $0) },
                completed: {
                    let values = collected.value
                    collected.value = []
                    observer.send(values)
                    observer.sendCompleted()
                }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
