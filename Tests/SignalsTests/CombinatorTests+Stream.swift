import Signals
import Testing

/// The ReactiveStream-derived operators as they apply to Signal, and zip, merge, concat.
extension CombinatorTests {
    // MARK: take

    @Test func takeSendsTheFirstValuesThenCompletesAndDisposesTheSource() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.take(2))
        source.send(1)
        source.send(2)
        #expect(log.rendered == ["1", "2", "completed"])
        #expect(!source.isSubscribed)
        #expect(EventLog(source.signal.take(0)).rendered == ["completed"])
    }

    @Test func takeStopsASynchronousSourceOnceItHasEnough() {
        let source = CountingSource(limit: 1_000)
        let log = EventLog(source.signal.take(3))
        #expect(log.rendered == ["1", "2", "3", "completed"])
        #expect(source.produced.current == 3)
        #expect(source.disposals.current == 1)
    }

    @Test func takeStopsAnInfiniteSynchronousSource() {
        let log = EventLog(Signal<Int, Never>.from(1...).take(2))
        #expect(log.rendered == ["1", "2", "completed"])
    }

    @Test func takePassesAnErrorAndCompletionBeforeEnough() {
        let source = Probe<Int, TestError>()
        let failed = EventLog(source.signal.take(5))
        source.send(1)
        source.send(error: TestError())
        #expect(failed.rendered == ["1", "error(boom)"])
        #expect(EventLog(Signal<Int, TestError>.from([1]).take(5)).rendered == ["1", "completed"])
    }

    @Test func disposingTakeDisposesTheSource() {
        let source = Probe<Int, Never>()
        EventLog(source.signal.take(3)).disposable.dispose()
        #expect(!source.isSubscribed)
    }

    // MARK: skip, takeWhile, skipWhile, distinctUntilChanged, filter

    @Test func skipDropsTheFirstValues() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.skip(2))
        for value in 1...4 { source.send(value) }
        source.send(error: TestError())
        #expect(log.rendered == ["3", "4", "error(boom)"])
        #expect(EventLog(Signal<Int, Never>.from([1, 2, 3]).skip(1)).rendered == ["2", "3", "completed"])
    }

    @Test func takeWhileEndsAtTheFirstFailingValueAndStopsTheSource() {
        let source = CountingSource(limit: 1_000)
        let log = EventLog(source.signal.takeWhile { $0 < 3 })
        #expect(log.rendered == ["1", "2", "completed"])
        #expect(source.produced.current == 3)
        let failing = EventLog(Signal<Int, TestError>.fail(TestError()).takeWhile { _ in true })
        #expect(failing.rendered == ["error(boom)"])
    }

    @Test func skipWhileDropsUntilTheFirstFailingValue() {
        let log = EventLog(Signal<Int, Never>.from([1, 2, 5, 1, 6]).skipWhile { $0 < 3 })
        #expect(log.rendered == ["5", "1", "6", "completed"])
        let failing = EventLog(Signal<Int, TestError>.just(1).concat(.fail(TestError())).skipWhile { $0 < 3 })
        #expect(failing.rendered == ["error(boom)"])
    }

    @Test func distinctUntilChangedDropsRepeats() {
        let log = EventLog(Signal<Int, Never>.from([1, 1, 2, 2, 1, 3, 3]).distinctUntilChanged())
        #expect(log.rendered == ["1", "2", "1", "3", "completed"])
        let source = Probe<Int, TestError>()
        let failing = EventLog(source.signal.distinctUntilChanged())
        source.send(1)
        source.send(1)
        source.send(error: TestError())
        #expect(failing.rendered == ["1", "error(boom)"])
    }

    @Test func filterKeepsMatchingValuesAndPassesTerminalEvents() {
        let log = EventLog(Signal<Int, Never>.from(1...6).filter { $0 % 2 == 0 })
        #expect(log.rendered == ["2", "4", "6", "completed"])
        let failing = EventLog(Signal<Int, TestError>.fail(TestError()).filter { _ in true })
        #expect(failing.rendered == ["error(boom)"])
    }

    @Test func disposingDerivedOperatorsDisposesTheSource() {
        let source = Probe<Int, Never>()
        let logs = [
            EventLog(source.signal.skip(1)), EventLog(source.signal.takeWhile { _ in true }),
            EventLog(source.signal.skipWhile { _ in true }), EventLog(source.signal.distinctUntilChanged()),
            EventLog(source.signal.filter { _ in true }), EventLog(source.signal.startWith(0)),
        ]
        #expect(source.subscriptions.current == 6)
        for log in logs { log.disposable.dispose() }
        #expect(!source.isSubscribed)
    }

    // MARK: startWith, concat

    @Test func startWithSendsTheValueThenFollowsAHotSource() {
        let source = Probe<Int, TestError>()
        let log = EventLog(source.signal.startWith(0))
        source.send(1)
        source.send(error: TestError())
        #expect(log.rendered == ["0", "1", "error(boom)"])
    }

    @Test func concatSubscribesTheSecondAfterTheFirstCompletes() {
        let first = Probe<Int, TestError>()
        let second = Probe<Int, TestError>()
        let log = EventLog(first.signal.concat(second.signal))
        first.send(1)
        #expect(second.subscriptions.current == 0)
        first.sendCompleted()
        second.send(2)
        second.sendCompleted()
        #expect(log.rendered == ["1", "2", "completed"])
        #expect(!first.isSubscribed && !second.isSubscribed)
    }

    @Test func concatAfterASynchronousFirstSignalKeepsTheSecondSubscribed() {
        let second = Probe<Int, TestError>()
        let log = EventLog(Signal<Int, TestError>.just(1).concat(second.signal))
        second.send(2)
        #expect(log.rendered == ["1", "2"])
        log.disposable.dispose()
        #expect(!second.isSubscribed)
    }

    @Test func concatStopsAtTheFirstError() {
        let second = Probe<Int, TestError>()
        let log = EventLog(Signal<Int, TestError>.fail(TestError()).concat(second.signal))
        #expect(log.rendered == ["error(boom)"])
        #expect(second.subscriptions.current == 0)
        let many = Signal<Int, TestError>.concat([.just(1), .from([2, 3]), .just(4)])
        #expect(EventLog(many).rendered == ["1", "2", "3", "4", "completed"])
    }

    @Test func disposingConcatDisposesTheCurrentSignal() {
        let first = Probe<Int, Never>()
        let second = Probe<Int, Never>()
        let log = EventLog(first.signal.concat(second.signal))
        log.disposable.dispose()
        #expect(!first.isSubscribed && second.subscriptions.current == 0)
    }
}
