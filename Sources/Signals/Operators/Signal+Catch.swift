extension Signal {
    /// On an error, continues with the signal `handler` returns for it; values and completion
    /// pass through unchanged. The handler's signal may fail with another error type.
    ///
    /// ```swift
    /// download.catch { _ in Signal<Data, Never>.just(cachedData) }
    /// ```
    public func `catch`<NewFailure: Error>(
        _ handler: @escaping @Sendable (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        Signal<Value, NewFailure> { observer in
            let current = SerialDisposable()
            observer.lifetime.attach(current)
            let first = Observer<Value, Failure>(
                next: { observer.send($0) },
                error: { handler($0).subscribe(.forwarding(to: observer), heldBy: { current.inner = $0 }) },
                completed: { observer.sendCompleted() }
            )
            self.subscribe(first, heldBy: { current.inner = $0 })
            return nil
        }
    }
}
