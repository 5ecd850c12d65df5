extension Signal {
    /// Runs `action` for each value, before the subscriber sees it, without subscribing.
    ///
    /// ```swift
    /// letters.doNext { print("about to send", $0) }.subscribeNext { print($0) }
    /// ```
    @inlinable
    public func doNext(_ action: @escaping @Sendable (Value) -> Void) -> Signal {
        doEvent { if case .next(let value) = $0 { action(value) } }
    }

    /// Runs `action` on an error, before the subscriber sees it.
    @inlinable
    public func doError(_ action: @escaping @Sendable (Failure) -> Void) -> Signal {
        doEvent { if case .error(let error) = $0 { action(error) } }
    }

    /// Runs `action` on completion, before the subscriber sees it.
    @inlinable
    public func doCompleted(_ action: @escaping @Sendable () -> Void) -> Signal {
        doEvent { if case .completed = $0 { action() } }
    }

    /// Runs `action` for each event, before the subscriber sees it.
    @inlinable
    public func doEvent(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> Signal {
        Signal { observer in
            self.subscribe(Observer(
                next: { action(.next($0)); observer.send($0) },
                error: { action(.error($0)); observer.send(error: $0) },
                completed: { action(.completed); observer.sendCompleted() }
            ), heldBy: observer.lifetime.attach)
            return nil
        }
    }

    /// Runs `action` when a subscription ends for any reason: error, completion or disposal.
    public func doFinally(_ action: @escaping @Sendable () -> Void) -> Signal {
        Signal { observer in
            let once = ActionDisposable(action)
            guard let upstream = self.start(observer) else { return once }
            return CompositeDisposable([upstream, once])
        }
    }
}
