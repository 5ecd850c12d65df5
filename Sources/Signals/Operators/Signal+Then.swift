extension Signal {
    /// Ignores this signal's values and, when it completes, continues with the signal `next`
    /// makes (called at that moment, once per subscription). An error of this signal passes
    /// through and `next` is never called.
    ///
    /// ```swift
    /// let sequenced = letters
    ///     .doNext { print($0) }                           // prints A … I when subscribed
    ///     .then { numberStrings.lazyList.signal }         // sends 1 … 9
    /// ```
    public func then<U: Sendable>(_ next: @escaping @Sendable () -> Signal<U, Failure>) -> Signal<U, Failure> {
        Signal<U, Failure> { observer in
            let current = SerialDisposable()
            observer.lifetime.attach(current)
            let first = Observer<Value, Failure>(
                error: { observer.send(error: $0) },
                completed: { next().subscribe(.forwarding(to: observer), heldBy: { current.inner = $0 }) }
            )
            self.subscribe(first, heldBy: { current.inner = $0 })
            return nil
        }
    }
}
