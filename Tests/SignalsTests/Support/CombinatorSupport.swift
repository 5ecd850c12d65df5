import Signals

/// A hot source for operator tests: a subject behind a cold signal that counts how often it
/// is subscribed and how often those subscriptions are disposed.
final class Probe<Value: Sendable, Failure: Error>: Sendable {
    let subject = Subject<Value, Failure>()
    let subscriptions = Counter()
    let disposals = Counter()

    init() {}

    var signal: Signal<Value, Failure> {
        let (subject, subscriptions, disposals) = (self.subject, self.subscriptions, self.disposals)
        return Signal { observer in
            subscriptions.increment()
            let upstream = subject.signal.subscribe(
                next: { observer.send($0) },
                error: { observer.send(error: $0) },
                completed: { observer.sendCompleted() }
            )
            return CompositeDisposable([upstream, ActionDisposable { disposals.increment() }])
        }
    }

    /// Whether some subscription is still running (subscribed and not yet disposed).
    var isSubscribed: Bool { subscriptions.current > disposals.current }

    func send(_ value: Value) { subject.send(value) }
    func send(error: Failure) { subject.send(error: error) }
    func sendCompleted() { subject.sendCompleted() }
}

/// A synchronous source that sends 1, 2, … `limit` while its observer is active, then
/// completes; it counts the values it produced and the disposals of its work.
final class CountingSource: Sendable {
    let produced = Counter()
    let disposals = Counter()
    let limit: Int

    init(limit: Int = 1_000) {
        self.limit = limit
    }

    var signal: Signal<Int, Never> {
        let (produced, disposals, limit) = (self.produced, self.disposals, self.limit)
        return Signal { observer in
            for value in 1...limit {
                guard observer.isActive else { break }
                produced.increment()
                observer.send(value)
            }
            observer.sendCompleted()
            return ActionDisposable { disposals.increment() }
        }
    }
}

/// A cold signal that fails with `TestError(name)` on its first `failures` subscriptions
/// (after sending the attempt number), and sends the attempt number then completes after.
func failing(times failures: Int, attempts: Counter, name: String = "boom") -> Signal<Int, TestError> {
    Signal { observer in
        let attempt = attempts.increment()
        observer.send(attempt)
        if attempt <= failures {
            observer.send(error: TestError(name))
        } else {
            observer.sendCompleted()
        }
        return nil
    }
}
