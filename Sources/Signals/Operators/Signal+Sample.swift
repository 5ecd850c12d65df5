import Synchronization

extension Signal {
    /// Sends this signal's latest value each time `sampler` sends a value (again if it has not
    /// changed; nothing while this signal has sent no value yet).
    ///
    /// As RAC's `sample:`, completes as soon as either signal completes, and fails with this
    /// signal's error.
    ///
    /// ```swift
    /// position.sample(frameTicks)   // the position once per frame
    /// ```
    public func sample<U: Sendable>(_ sampler: Signal<U, Never>) -> Signal {
        Signal { observer in
            let output = SerializedObserver(observer)
            let latest = Locked<Value?>(nil)
            let group = CompositeDisposable()
            observer.lifetime.attach(group)
            self.subscribe(Observer(
                next: { value in latest.withLock { $0 = value } },
                error: { output.send(error: $0) },
                completed: { output.sendCompleted() }
            ), heldBy: { group.add($0) })
            guard observer.isActive else { return nil }
            sampler.subscribe(Observer(
                next: { _ in if let value = latest.withLock({ $0 }) { output.send(value) } },
                completed: { output.sendCompleted() }
            ), heldBy: { group.add($0) })
            return nil
        }
    }
}
