extension Signal {
    /// Forwards the values of the latest inner signal only.
    ///
    /// Each inner signal this signal sends replaces the previous one: the previous
    /// subscription is disposed, and anything it still sends is dropped. Completes when this
    /// signal and the current inner signal have completed; fails with the first error of this
    /// signal or of the current inner signal.
    ///
    /// ```swift
    /// let switched = signalOfSignals.signal.switchToLatest()
    /// signalOfSignals.send(letters.signal)
    /// letters.send("A")               // A
    /// signalOfSignals.send(numbers.signal)
    /// letters.send("C")               // dropped: letters is no longer the latest
    /// numbers.send("1")               // 1
    /// ```
    public func switchToLatest<Inner: Sendable>() -> Signal<Inner, Failure>
    where Value == Signal<Inner, Failure> {
        Signal<Inner, Failure> { observer in
            let storage = SwitchToLatestStorage(observer)
            observer.lifetime.attach(storage.current)
            self.subscribe(Observer(
                next: { storage.switchTo($0) },
                error: { storage.output.send(error: $0) },
                completed: { storage.completeOuter() }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}
