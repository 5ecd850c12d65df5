import Signals
import Testing

/// zip, merge, flatten, flattenMap and bind as they apply to Signal.
extension CombinatorTests {
    // MARK: zip

    @Test func zipPairsValuesInOrder() {
        let letters = Probe<String, TestError>()
        let numbers = Probe<Int, TestError>()
        let log = EventLog(letters.signal.zip(with: numbers.signal).map { "\($0)\($1)" })
        letters.send("A")
        letters.send("B")
        numbers.send(1)
        letters.send("C")
        numbers.send(2)
        #expect(log.rendered == ["A1", "B2"])
    }

    @Test func zipCompletesWhenASideCompletesWithNothingBuffered() {
        let letters = Probe<String, TestError>()
        let numbers = Probe<Int, TestError>()
        let log = EventLog(letters.signal.zip(with: numbers.signal).map { "\($0)\($1)" })
        letters.send("A")
        letters.send("B")
        letters.sendCompleted()
        numbers.send(1)
        #expect(!log.isCompleted)
        numbers.send(2)
        #expect(log.rendered == ["A1", "B2", "completed"])
        #expect(!numbers.isSubscribed)
    }

    @Test func zipFailsWithTheFirstErrorAndDisposesBoth() {
        let letters = Probe<String, TestError>()
        let numbers = Probe<Int, TestError>()
        let log = EventLog(letters.signal.zip(with: numbers.signal).map { "\($0)\($1)" })
        numbers.send(error: TestError())
        #expect(log.rendered == ["error(boom)"])
        #expect(!letters.isSubscribed && !numbers.isSubscribed)
    }

    @Test func zipOfAnArrayMakesArraysOfTheNthValues() {
        let zipped = Signal.zip([Signal<Int, Never>.from([1, 2, 3]), .from([10, 20]), .from([100, 200, 300])])
        #expect(EventLog(zipped).rendered == ["[1, 10, 100]", "[2, 20, 200]", "completed"])
        #expect(EventLog(Signal.zip([Signal<Int, Never>]())).rendered == ["completed"])
    }

    @Test func disposingZipDisposesBoth() {
        let letters = Probe<String, Never>()
        let numbers = Probe<Int, Never>()
        EventLog(letters.signal.zip(with: numbers.signal).map { "\($0)\($1)" }).disposable.dispose()
        #expect(!letters.isSubscribed && !numbers.isSubscribed)
    }

    // MARK: merge

    @Test func mergeCompletesWhenAllComplete() {
        let first = Probe<Int, TestError>()
        let second = Probe<Int, TestError>()
        let log = EventLog(first.signal.merge(with: second.signal))
        first.send(1)
        first.sendCompleted()
        second.send(2)
        #expect(!log.isCompleted)
        second.sendCompleted()
        #expect(log.rendered == ["1", "2", "completed"])
        #expect(EventLog(Signal<Int, Never>.merge([Signal<Int, Never>]())).rendered == ["completed"])
    }

    @Test func mergeFailsWithTheFirstErrorAndDisposesTheOthers() {
        let first = Probe<Int, TestError>()
        let second = Probe<Int, TestError>()
        let log = EventLog(Signal.merge([first.signal, second.signal]))
        second.send(error: TestError("first"))
        first.send(error: TestError("second"))
        #expect(log.rendered == ["error(first)"])
        #expect(!first.isSubscribed && !second.isSubscribed)
    }

    @Test func disposingMergeDisposesEveryInput() {
        let first = Probe<Int, Never>()
        let second = Probe<Int, Never>()
        EventLog(Signal.merge([first.signal, second.signal])).disposable.dispose()
        #expect(!first.isSubscribed && !second.isSubscribed)
    }

    // MARK: flatten, flattenMap, bind

    @Test func flattenCompletesWhenOuterAndEveryInnerComplete() {
        let outer = Probe<Signal<Int, TestError>, TestError>()
        let inner = Probe<Int, TestError>()
        let log = EventLog(outer.signal.flatten())
        outer.send(inner.signal)
        outer.send(.just(1))
        outer.sendCompleted()
        #expect(!log.isCompleted)
        inner.send(2)
        inner.sendCompleted()
        #expect(log.rendered == ["1", "2", "completed"])
    }

    @Test func flattenFailsWithAnInnerOrOuterErrorAndDisposesEverything() {
        let outer = Probe<Signal<Int, TestError>, TestError>()
        let inner = Probe<Int, TestError>()
        let log = EventLog(outer.signal.flatten())
        outer.send(inner.signal)
        outer.send(.fail(TestError("inner")))
        #expect(log.rendered == ["error(inner)"])
        #expect(!outer.isSubscribed && !inner.isSubscribed)

        let outer2 = Probe<Signal<Int, TestError>, TestError>()
        let inner2 = Probe<Int, TestError>()
        let log2 = EventLog(outer2.signal.flatten())
        outer2.send(inner2.signal)
        outer2.send(error: TestError("outer"))
        #expect(log2.rendered == ["error(outer)"])
        #expect(!inner2.isSubscribed)
    }

    @Test func flattenMapMergesTheSignalsOfEachValue() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.flattenMap { value in Signal<Int, TestError>.from([value, value * 10]) })
        source.send(1)
        source.send(2)
        source.sendCompleted()
        #expect(log.rendered == ["1", "10", "2", "20", "completed"])
        let failing = EventLog(Signal<Int, TestError>.from([1, 2]).flattenMap { value in
            value == 2 ? Signal<Int, TestError>.fail(TestError()) : .just(value)
        })
        #expect(failing.rendered == ["1", "error(boom)"])
    }

    @Test func disposingFlattenMapDisposesSourceAndInnerSignals() {
        let source = Probe<Int, Never>()
        let inner = Probe<Int, Never>()
        let log = EventLog(source.signal.flattenMap { _ in inner.signal })
        source.send(1)
        source.send(2)
        #expect(inner.subscriptions.current == 2)
        log.disposable.dispose()
        #expect(!source.isSubscribed && !inner.isSubscribed)
    }

    @Test func bindWithStopEndsAfterTheReturnedSignal() {
        let source = CountingSource(limit: 100)
        let bound: Signal<String, Never> = source.signal.bind {
            { value, stop in
                if value == 2 { stop = true }
                return Signal.from(["\(value)a", "\(value)b"])
            }
        }
        #expect(EventLog(bound).rendered == ["1a", "1b", "2a", "2b", "completed"])
        #expect(source.produced.current == 2)
        #expect(source.disposals.current == 1)
    }

    @Test func bindWithStopWaitsForTheLastInnerSignal() {
        let source = Probe<Int, Never>()
        let inner = Probe<String, Never>()
        let bound: Signal<String, Never> = source.signal.bind {
            { _, stop in
                stop = true
                return inner.signal
            }
        }
        let log = EventLog(bound)
        source.send(1)
        #expect(!source.isSubscribed)
        inner.send("x")
        #expect(!log.isCompleted)
        inner.sendCompleted()
        #expect(log.rendered == ["x", "completed"])
    }

    @Test func bindReturningNilEndsAtOnce() {
        let bound: Signal<Int, Never> = CountingSource(limit: 10).signal.bind {
            { value, _ in value < 3 ? Signal.just(value) : nil }
        }
        #expect(EventLog(bound).rendered == ["1", "2", "completed"])
    }
}

/// Core fixes found while testing the combinators.
extension CombinatorTests {
    @Test func disposingDoFinallyDisposesTheSourceAndRunsTheActionOnce() {
        let source = Probe<Int, Never>()
        let finally = Counter()
        let log = EventLog(source.signal.doFinally { finally.increment() })
        source.send(1)
        log.disposable.dispose()
        log.disposable.dispose()
        #expect(log.rendered == ["1"])
        #expect(!source.isSubscribed)
        #expect(finally.current == 1)
    }
}
