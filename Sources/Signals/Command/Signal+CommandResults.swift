extension Signal {
    /// The same values; an error ends the signal as a completion (RAC's `catchTo: empty`).
    func completingOnError() -> Signal<Value, Never> {
        Signal<Value, Never> { observer in
            self.subscribe(Observer(
                next: { observer.send($0) },
                error: { _ in observer.sendCompleted() },
                completed: { observer.sendCompleted() }
            ))
        }
    }

    /// The same events, with the error wrapped as a `.failed` `CommandError`.
    func mapFailureToCommandError() -> Signal<Value, CommandError<Failure>> {
        Signal<Value, CommandError<Failure>> { observer in
            self.subscribe(Observer(
                next: { observer.send($0) },
                error: { observer.send(error: .failed($0)) },
                completed: { observer.sendCompleted() }
            ))
        }
    }
}
