import Signals
import Testing

/// scan, aggregate, collect, ignoreValues, materialize/dematerialize, catch, retry.
extension CombinatorTests {
    // MARK: scan, aggregate, collect

    @Test func scanSendsEachRunningAccumulation() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.scan(10, +))
        source.send(1)
        source.send(2)
        source.send(3)
        source.sendCompleted()
        #expect(log.rendered == ["11", "13", "16", "completed"])
    }

    @Test func scanRestartsPerSubscriptionAndPassesErrors() {
        let scanned = Signal<Int, TestError>.from([1, 2]).concat(.fail(TestError())).scan(0, +)
        #expect(EventLog(scanned).rendered == ["1", "3", "error(boom)"])
        #expect(EventLog(scanned).rendered == ["1", "3", "error(boom)"])
    }

    @Test func aggregateSendsOnlyTheFinalAccumulation() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.aggregate(0, +))
        source.send(1)
        source.send(2)
        #expect(log.rendered.isEmpty)
        source.sendCompleted()
        #expect(log.rendered == ["3", "completed"])
        #expect(EventLog(Signal<Int, Never>.empty().aggregate(7, +)).rendered == ["7", "completed"])
    }

    @Test func aggregateAndCollectPassAnErrorWithoutAResult() {
        let failing = Signal<Int, TestError>.just(1).concat(.fail(TestError()))
        #expect(EventLog(failing.aggregate(0, +)).rendered == ["error(boom)"])
        #expect(EventLog(failing.collect()).rendered == ["error(boom)"])
    }

    @Test func collectSendsEveryValueAsOneArray() {
        let source = Probe<String, Never>()
        let log = EventLog(source.signal.collect())
        source.send("A")
        source.send("B")
        source.sendCompleted()
        #expect(log.rendered == ["[\"A\", \"B\"]", "completed"])
        #expect(EventLog(Signal<Int, Never>.empty().collect()).rendered == ["[]", "completed"])
    }

    @Test func disposingScanAggregateCollectDisposesTheSource() {
        let source = Probe<Int, Never>()
        EventLog(source.signal.scan(0, +)).disposable.dispose()
        EventLog(source.signal.aggregate(0, +)).disposable.dispose()
        EventLog(source.signal.collect()).disposable.dispose()
        #expect(source.subscriptions.current == 3)
        #expect(!source.isSubscribed)
    }

    // MARK: ignoreValues

    @Test func ignoreValuesPassesOnlyTheTerminatingEvent() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.ignoreValues())
        source.send(1)
        source.sendCompleted()
        #expect(log.rendered == ["completed"])
        let failing = EventLog(Signal<Int, TestError>.just(1).concat(.fail(TestError())).ignoreValues())
        #expect(failing.rendered == ["error(boom)"])
        let disposed = EventLog(source.signal.ignoreValues())
        disposed.disposable.dispose()
        #expect(!source.isSubscribed)
    }

    // MARK: materialize, dematerialize

    @Test func materializeSendsEveryEventAsAValue() {
        let completes = EventLog(Signal<Int, TestError>.from([1, 2]).materialize())
        #expect(completes.rendered == ["next(1)", "next(2)", "completed", "completed"])
        let fails = EventLog(Signal<Int, TestError>.fail(TestError()).materialize())
        #expect(fails.rendered == ["error(boom)", "completed"])
        #expect(fails.values == [.error(TestError())])
    }

    @Test func dematerializeTurnsEventValuesBackIntoEvents() {
        let events = Probe<Event<Int, TestError>, Never>()
        let log = EventLog(events.signal.dematerialize())
        events.send(.next(1))
        events.send(.error(TestError()))
        events.send(.next(2))
        #expect(log.rendered == ["1", "error(boom)"])
        #expect(!events.isSubscribed)
        let roundTrip = Signal<Int, TestError>.from([1, 2]).materialize().dematerialize()
        #expect(EventLog(roundTrip).rendered == ["1", "2", "completed"])
    }

    @Test func disposingMaterializeAndDematerializeDisposesTheSource() {
        let source = Probe<Int, TestError>()
        EventLog(source.signal.materialize().dematerialize()).disposable.dispose()
        #expect(source.subscriptions.current == 1)
        #expect(!source.isSubscribed)
    }

    // MARK: catch

    @Test func catchSwitchesToTheHandlersSignalOnError() {
        let source = Probe<Int, TestError>()
        let fallback = Probe<Int, Never>()
        let caught = Recorder<String>()
        let log = EventLog(source.signal.catch { error in caught.append(error.name); return fallback.signal })
        source.send(1)
        source.send(error: TestError("lost"))
        #expect(!source.isSubscribed)
        fallback.send(2)
        fallback.sendCompleted()
        #expect(log.rendered == ["1", "2", "completed"])
        #expect(caught.values == ["lost"])
    }

    @Test func catchPassesCompletionAndTheHandlersError() {
        let completes = EventLog(Signal<Int, TestError>.just(1).catch { _ in Signal<Int, TestError>.just(9) })
        #expect(completes.rendered == ["1", "completed"])
        let failsAgain = Signal<Int, TestError>.fail(TestError("first"))
            .catch { _ in Signal<Int, TestError>.fail(TestError("second")) }
        #expect(EventLog(failsAgain).rendered == ["error(second)"])
    }

    @Test func catchKeepsTheHandlersSignalSubscribedAfterASynchronousError() {
        let fallback = Probe<Int, Never>()
        let log = EventLog(Signal<Int, TestError>.fail(TestError()).catch { _ in fallback.signal })
        fallback.send(5)
        #expect(log.rendered == ["5"])
        log.disposable.dispose()
        #expect(!fallback.isSubscribed)
    }

    @Test func disposingCatchDisposesTheSource() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.catch { _ in Signal<Int, Never>.never() })
        log.disposable.dispose()
        #expect(!source.isSubscribed)
    }

    // MARK: retry

    @Test func retryResubscribesUntilSuccess() {
        let attempts = Counter()
        let log = EventLog(failing(times: 2, attempts: attempts).retry(2))
        #expect(log.rendered == ["1", "2", "3", "completed"])
        #expect(attempts.current == 3)
    }

    @Test func retryPassesTheErrorAfterTheLastTry() {
        let attempts = Counter()
        let log = EventLog(failing(times: 5, attempts: attempts).retry(2))
        #expect(log.rendered == ["1", "2", "3", "error(boom)"])
        #expect(attempts.current == 3)
        let noRetry = Counter()
        #expect(EventLog(failing(times: 5, attempts: noRetry).retry(0)).rendered == ["1", "error(boom)"])
    }

    @Test func retryForeverDoesNotGrowTheStack() {
        let attempts = Counter()
        let log = EventLog(failing(times: 100_000, attempts: attempts).retry())
        #expect(attempts.current == 100_001)
        #expect(log.rendered.suffix(2) == ["100001", "completed"])
    }

    @Test func retryDisposesEachFailedAttempt() {
        // A failed subject replays its error to every new subscriber, so each retry fails at once.
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.retry(3))
        source.send(1)
        source.send(error: TestError())
        #expect(log.rendered == ["1", "error(boom)"])
        #expect(source.subscriptions.current == 4)
        #expect(source.disposals.current == 4)
    }

    @Test func disposingRetryDisposesTheCurrentAttempt() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.retry())
        source.send(1)
        log.disposable.dispose()
        source.send(2)
        #expect(log.rendered == ["1"])
        #expect(!source.isSubscribed)
    }
}
