extension LazyList {
    /// The list as a cold signal that sends every element synchronously when subscribed,
    /// then completes. Disposing stops it between elements.
    public var signal: Signal<Element, Never> {
        Signal.from(self)
    }

    /// The list as a signal that sends its elements on `scheduler`, one scheduled action each,
    /// then completes (RAC's `signalWithScheduler:`).
    public func signal(on scheduler: any Scheduler) -> Signal<Element, Never> {
        Signal { observer in
            let current = SerialDisposable()
            observer.lifetime.attach(current)
            @Sendable func step(_ rest: LazyList) {
                current.inner = scheduler.schedule {
                    guard observer.isActive else { return }
                    guard let cell = rest.uncons else { return observer.sendCompleted() }
                    observer.send(cell.head)
                    step(cell.tail)
                }
            }
            step(self)
            return nil
        }
    }
}
