extension Signal {
    /// This signal's events until `trigger` sends a value or completes; then the result
    /// completes and the subscription to this signal is disposed.
    ///
    /// As in RAC, an error of `trigger` is ignored (the result goes on), and `trigger` is
    /// subscribed first: if it fires at once, this signal is never subscribed.
    ///
    /// ```swift
    /// ticks.takeUntil(screenClosed.signal)   // stops the ticks when the screen closes
    /// ```
    public func takeUntil<U: Sendable, F2: Error>(_ trigger: Signal<U, F2>) -> Signal {
        Signal { observer in
            let output = SerializedObserver(observer)
            let group = CompositeDisposable()
            observer.lifetime.attach(group)
            trigger.subscribe(Observer(
                next: { _ in output.sendCompleted() },
                completed: { output.sendCompleted() }
            ), heldBy: { group.add($0) })
            guard observer.isActive else { return nil }
            self.subscribe(Observer(
                next: { output.send($0) },
                error: { output.send(error: $0) },
                completed: { output.sendCompleted() }
            ), heldBy: { group.add($0) })
            return nil
        }
    }
}
