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
            let upstream = SerialDisposable()
            let start = scheduler.schedule {
                upstream.inner = self.subscribe(Observer(
                    next: { observer.send($0) },
                    error: { observer.send(error: $0) },
                    completed: { observer.sendCompleted() }
                ))
            }
            return ActionDisposable {
                start.dispose()
                scheduler.schedule { upstream.dispose() }
            }
        }
    }
}
