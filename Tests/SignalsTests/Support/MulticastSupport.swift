import Signals

/// A hot source behind a cold signal that counts how often it is subscribed (started)
/// and how often those subscriptions end (disposed). Values go in through `input`.
final class ProbedSource<Value: Sendable>: Sendable {
    let input = Subject<Value, TestError>()
    let starts = Counter()
    let disposals = Counter()

    init() {}

    var signal: Signal<Value, TestError> {
        let input = self.input
        let starts = self.starts
        let disposals = self.disposals
        return Signal { observer in
            starts.increment()
            let forwarding = input.signal.subscribe(
                next: { observer.send($0) },
                error: { observer.send(error: $0) },
                completed: { observer.sendCompleted() }
            )
            return CompositeDisposable([forwarding, ActionDisposable { disposals.increment() }])
        }
    }
}
