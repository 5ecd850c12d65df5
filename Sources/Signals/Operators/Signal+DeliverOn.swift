import Synchronization

extension Signal {
    /// Delivers every event through `scheduler`, in the original order (RAC's `deliverOn:`).
    ///
    /// Use it to move work onto a queue, for example the main thread for UI updates. Events
    /// wait in a queue and are delivered by actions on `scheduler`; disposing the subscription
    /// drops the events still waiting.
    ///
    /// ```swift
    /// downloads.deliverOn(MainScheduler.shared).subscribeNext { label.text = $0 }
    /// ```
    public func deliverOn(_ scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let mailbox = DeliveryMailbox(downstream: observer, scheduler: scheduler)
            observer.lifetime.attach(mailbox.disposable)
            self.subscribe(Observer(mailbox.enqueue), heldBy: observer.lifetime.attach)
            return nil
        }
    }
}

/// The events of one `deliverOn` subscription waiting for the scheduler.
///
/// At most one drain action is scheduled at a time; it delivers every queued event,
/// including those queued while it runs, so events never overlap and keep their order.
private final class DeliveryMailbox<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var events = DrainQueue<Event<Value, Failure>>()
        var isDrainScheduled = false
    }

    private let downstream: Observer<Value, Failure>
    private let scheduler: any Scheduler
    private let state = Locked(State())
    private let drainAction = SerialDisposable()

    init(downstream: Observer<Value, Failure>, scheduler: any Scheduler) {
        self.downstream = downstream
        self.scheduler = scheduler
    }

    /// Cancels the scheduled drain.
    var disposable: any Disposable { drainAction }

    func enqueue(_ event: Event<Value, Failure>) {
        let mustSchedule = state.withLock { state in
            state.events.append(event)
            defer { state.isDrainScheduled = true }
            return !state.isDrainScheduled
        }
        if mustSchedule {
            drainAction.inner = scheduler.schedule { [self] in drain() }
        }
    }

    private func drain() {
        while let event = next() {
            downstream.send(event)
        }
    }

    private func next() -> Event<Value, Failure>? {
        state.withLock { state in
            let next = state.events.popFirst()
            if next == nil { state.isDrainScheduled = false }
            return next
        }
    }
}
