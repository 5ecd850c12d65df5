extension Signal {
    /// Runs the subscription's start handler, and later its disposal, on `scheduler`
    /// (RAC's `subscribeOn:`).
    ///
    /// Use it to move expensive or blocking subscription work off the caller's thread.
    /// Events are sent from wherever the start handler sends them; add `deliverOn(_:)` to
    /// choose where they arrive. Disposing stops delivery at once, cancels the start if it
    /// has not run yet, and disposes the upstream work on `scheduler`.
    ///
    /// ```swift
    /// fileContents.subscribeOn(QueueScheduler(name: "io"))
    ///     .deliverOn(MainScheduler.shared)
    ///     .subscribeNext { show($0) }
    /// ```
    public func subscribeOn(_ scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let upstream = Observer<Value, Failure>.forwarding(to: observer)
            let start = scheduler.schedule { self.subscribe(upstream) }
            return ActionDisposable {
                start.dispose()
                // Delivery stops now (a synchronous source sees it); the upstream work ends on
                // the scheduler.
                upstream.lifetime.stopDelivery()
                scheduler.schedule { upstream.lifetime.dispose() }
            }
        }
    }
}
