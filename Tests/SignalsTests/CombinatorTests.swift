import HeraldTestSupport
import Signals
import Testing

/// The combining operators: combineLatest, switchToLatest, then, takeUntil, sample.
/// (More in CombinatorTests+Accumulating.swift and CombinatorTests+Stream.swift.)
@Suite(.offThePool) struct CombinatorTests {
    // MARK: combineLatest

    @Test func combineLatestSendsOnceBothHaveSentThenOnEveryChange() {
        let letters = Probe<String, TestError>()
        let numbers = Probe<Int, TestError>()
        let log = EventLog(Signal.combineLatest(letters.signal, numbers.signal).map { "\($0)\($1)" })
        letters.send("A")
        letters.send("B")
        numbers.send(1)
        numbers.send(2)
        letters.send("C")
        #expect(log.rendered == ["B1", "B2", "C2"])
    }

    @Test func combineLatestCompletesWhenBothComplete() {
        let letters = Probe<String, TestError>()
        let numbers = Probe<Int, TestError>()
        let log = EventLog(Signal.combineLatest(letters.signal, numbers.signal) { "\($0)\($1)" })
        letters.send("A")
        letters.sendCompleted()
        numbers.send(1)
        #expect(log.rendered == ["A1"])
        numbers.sendCompleted()
        #expect(log.rendered == ["A1", "completed"])
        #expect(!letters.isSubscribed && !numbers.isSubscribed)
    }

    @Test func combineLatestFailsWithTheFirstErrorAndDisposesBoth() {
        let letters = Probe<String, TestError>()
        let numbers = Probe<Int, TestError>()
        let log = EventLog(letters.signal.combineLatest(with: numbers.signal).map { "\($0)\($1)" })
        numbers.send(1)
        numbers.send(error: TestError("first"))
        letters.send(error: TestError("second"))
        #expect(log.rendered == ["error(first)"])
        #expect(letters.disposals.current == 1 && numbers.disposals.current == 1)
    }

    @Test func disposingCombineLatestDisposesBothInputs() {
        let letters = Probe<String, Never>()
        let numbers = Probe<Int, Never>()
        let log = EventLog(Signal.combineLatest(letters.signal, numbers.signal) { "\($0)\($1)" })
        #expect(letters.isSubscribed && numbers.isSubscribed)
        log.disposable.dispose()
        letters.send("A")
        numbers.send(1)
        #expect(log.rendered.isEmpty)
        #expect(!letters.isSubscribed && !numbers.isSubscribed)
    }

    @Test func combineLatestOfAnArrayKeepsTheInputOrder() {
        let inputs = (0..<3).map { _ in Probe<Int, TestError>() }
        let log = EventLog(Signal.combineLatest(inputs.map(\.signal)))
        inputs[2].send(30)
        inputs[0].send(10)
        inputs[1].send(20)
        inputs[0].send(11)
        for input in inputs { input.sendCompleted() }
        #expect(log.rendered == ["[10, 20, 30]", "[11, 20, 30]", "completed"])
    }

    @Test func combineLatestOfAnArrayReducesFailsAndDisposes() {
        let inputs = (0..<3).map { _ in Probe<Int, TestError>() }
        let log = EventLog(Signal.combineLatest(inputs.map(\.signal)) { $0.reduce(0, +) })
        for (index, input) in inputs.enumerated() { input.send(index + 1) }
        inputs[1].send(error: TestError())
        #expect(log.rendered == ["6", "error(boom)"])
        #expect(inputs.filter(\.isSubscribed).isEmpty)
    }

    @Test func combineLatestOfNoSignalsCompletesAtOnce() {
        let log = EventLog(Signal<[Int], Never>.combineLatest([Signal<Int, Never>]()))
        #expect(log.rendered == ["completed"])
    }

    @Test func disposingArrayCombineLatestDisposesEveryInput() {
        let inputs = (0..<3).map { _ in Probe<Int, Never>() }
        let log = EventLog(Signal.combineLatest(inputs.map(\.signal)))
        #expect(inputs.filter(\.isSubscribed).count == 3)
        log.disposable.dispose()
        #expect(inputs.filter(\.isSubscribed).isEmpty)
    }

    // MARK: switchToLatest

    @Test func switchToLatestForwardsOnlyTheLatestInnerSignal() {
        let outer = Probe<Signal<String, TestError>, TestError>()
        let first = Probe<String, TestError>()
        let second = Probe<String, TestError>()
        let log = EventLog(outer.signal.switchToLatest())
        outer.send(first.signal)
        first.send("a")
        outer.send(second.signal)
        #expect(!first.isSubscribed)
        first.send("dropped")
        second.send("b")
        #expect(log.rendered == ["a", "b"])
    }

    @Test func switchToLatestCompletesWhenOuterAndCurrentInnerHaveCompleted() {
        let outer = Probe<Signal<String, TestError>, TestError>()
        let first = Probe<String, TestError>()
        let second = Probe<String, TestError>()
        let log = EventLog(outer.signal.switchToLatest())
        outer.send(first.signal)
        outer.send(second.signal)
        first.sendCompleted()
        outer.sendCompleted()
        #expect(!log.isCompleted)
        second.send("b")
        second.sendCompleted()
        #expect(log.rendered == ["b", "completed"])
    }

    @Test func switchToLatestCompletesWhenOuterCompletesWithNoInnerRunning() {
        let outer = Probe<Signal<Int, Never>, Never>()
        let log = EventLog(outer.signal.switchToLatest())
        outer.send(Signal.just(1))
        outer.sendCompleted()
        #expect(log.rendered == ["1", "completed"])
    }

    @Test func switchToLatestFailsWithAnOuterOrInnerError() {
        let outer = Probe<Signal<String, TestError>, TestError>()
        let inner = Probe<String, TestError>()
        let innerFailure = EventLog(outer.signal.switchToLatest())
        outer.send(inner.signal)
        inner.send(error: TestError("inner"))
        #expect(innerFailure.rendered == ["error(inner)"])
        #expect(!outer.isSubscribed)

        let outer2 = Probe<Signal<String, TestError>, TestError>()
        let inner2 = Probe<String, TestError>()
        let outerFailure = EventLog(outer2.signal.switchToLatest())
        outer2.send(inner2.signal)
        outer2.send(error: TestError("outer"))
        #expect(outerFailure.rendered == ["error(outer)"])
        #expect(!inner2.isSubscribed)
    }

    @Test func switchToLatestIgnoresTheErrorOfAReplacedInnerSignal() {
        let outer = Probe<Signal<Int, TestError>, TestError>()
        let stale = Subject<Int, TestError>()
        let log = EventLog(outer.signal.switchToLatest())
        // A source that ignores disposal, to show the generation guard drops its late events.
        let leaky = Signal<Int, TestError> { observer in
            _ = stale.signal.subscribe(next: { observer.send($0) }, error: { observer.send(error: $0) })
            return nil
        }
        outer.send(leaky)
        outer.send(Signal.never())
        stale.send(1)
        stale.send(error: TestError())
        #expect(log.rendered.isEmpty)
    }

    @Test func disposingSwitchToLatestDisposesOuterAndInner() {
        let outer = Probe<Signal<Int, Never>, Never>()
        let inner = Probe<Int, Never>()
        let log = EventLog(outer.signal.switchToLatest())
        outer.send(inner.signal)
        log.disposable.dispose()
        inner.send(1)
        #expect(log.rendered.isEmpty)
        #expect(!outer.isSubscribed && !inner.isSubscribed)
    }

    // MARK: then

    @Test func thenIgnoresValuesAndContinuesAfterCompletion() {
        let first = Probe<String, TestError>()
        let made = Counter()
        let log = EventLog(first.signal.then { made.increment(); return Signal<Int, TestError>.from([1, 2]) })
        first.send("ignored")
        #expect(made.current == 0)
        first.sendCompleted()
        #expect(made.current == 1)
        #expect(log.rendered == ["1", "2", "completed"])
    }

    @Test func thenPassesAnErrorWithoutCallingNext() {
        let made = Counter()
        let log = EventLog(Signal<String, TestError>.fail(TestError()).then { made.increment(); return Signal<Int, TestError>.just(1) })
        #expect(log.rendered == ["error(boom)"])
        #expect(made.current == 0)
    }

    @Test func thenKeepsASynchronousFirstSignalsSuccessorSubscribed() {
        let next = Probe<Int, TestError>()
        let log = EventLog(Signal<String, TestError>.just("A").then { next.signal })
        next.send(1)
        next.send(error: TestError())
        #expect(log.rendered == ["1", "error(boom)"])
    }

    @Test func disposingThenDisposesTheCurrentSignal() {
        let first = Probe<String, Never>()
        let next = Probe<Int, Never>()
        let log = EventLog(first.signal.then { next.signal })
        first.sendCompleted()
        #expect(next.isSubscribed)
        log.disposable.dispose()
        next.send(1)
        #expect(log.rendered.isEmpty)
        #expect(!next.isSubscribed)
    }
}
