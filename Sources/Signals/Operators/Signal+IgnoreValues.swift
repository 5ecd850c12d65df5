extension Signal {
    /// Drops every value; only the error or completion passes.
    ///
    /// ```swift
    /// save.ignoreValues().subscribeCompleted { print("saved") }
    /// ```
    @inlinable
    public func ignoreValues() -> Signal {
        Signal { observer in
            self.subscribe(Observer(
                error: { observer.send(error: $0) },
                completed: { observer.sendCompleted() }
            ))
        }
    }
}
