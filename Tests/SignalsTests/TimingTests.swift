import Foundation
import Signals
import Testing

/// Time-based operators on virtual time, as marble diagrams (see `Marble`).
@Suite struct TimingTests {
    // MARK: Marble helper

    @Test func marbleRendersAnUnchangedSignal() {
        #expect(Marble.run("ab-c--|") { signal, _ in signal } == "ab-c--|")
        #expect(Marble.run("a[bc]-#") { signal, _ in signal } == "a[bc]-#")
    }

    // MARK: throttle

    @Test func throttleSendsAValueOnlyAfterAQuietInterval() {
        let output = Marble.run("abcd----e---f-g----|") { signal, scheduler in signal.throttle(3, on: scheduler) }
        #expect(output == "------d----e-----g-|")
    }

    @Test func throttleSendsThePendingValueBeforeCompleting() {
        #expect(Marble.run("ab-|") { signal, scheduler in signal.throttle(3, on: scheduler) } == "---[b|]")
    }

    @Test func throttleDropsThePendingValueOnError() {
        #expect(Marble.run("ab-#") { signal, scheduler in signal.throttle(3, on: scheduler) } == "---#")
    }

    @Test func throttleWithATestSendsFailingValuesAtOnceAndDropsThePendingOne() {
        let output = Marble.run("aB--c---|") { signal, scheduler in
            signal.throttle(2, on: scheduler, valuesPassingTest: { $0 == $0.lowercased() })
        }
        #expect(output == "-B----c-|")
    }

    @Test func disposingAThrottledSubscriptionCancelsItsTimer() {
        let scheduler = TestScheduler()
        let subject = Subject<String, Never>()
        let log = EventLog(subject.signal.throttle(1, on: scheduler))
        subject.send("a")
        #expect(scheduler.scheduledCount == 1)
        log.disposable.dispose()
        #expect(scheduler.scheduledCount == 0)
        scheduler.advance(by: 5)
        #expect(log.rendered.isEmpty)
    }

    // MARK: delay

    @Test func delayShiftsValuesAndCompletion() {
        #expect(Marble.run("ab--c|") { signal, scheduler in signal.delay(2, on: scheduler) } == "--ab--c|")
    }

    @Test func delayForwardsErrorsAtOnceAndDropsWaitingValues() {
        #expect(Marble.run("a---#") { signal, scheduler in signal.delay(2, on: scheduler) } == "--a-#")
        #expect(Marble.run("abc#") { signal, scheduler in signal.delay(5, on: scheduler) } == "---#")
    }

    @Test func disposingADelayedSubscriptionCancelsEveryTimer() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let log = EventLog(subject.signal.delay(1, on: scheduler))
        subject.send(1)
        subject.send(2)
        #expect(scheduler.scheduledCount == 2)
        log.disposable.dispose()
        #expect(scheduler.scheduledCount == 0)
        scheduler.advance(by: 5)
        #expect(log.rendered.isEmpty)
    }

    // MARK: timeout

    @Test func timeoutFailsWhenNoTerminalEventComesInTime() {
        let output = Marble.run("a-b-----|") { signal, scheduler in
            signal.timeout(after: 4, on: scheduler, raising: TestError("late"))
        }
        #expect(output == "a-b-#")
    }

    @Test func timeoutLetsASignalThatTerminatesInTimeThrough() {
        let output = Marble.run("a-|") { signal, scheduler in
            signal.timeout(after: 4, on: scheduler, raising: TestError("late"))
        }
        #expect(output == "a-|")
    }

    @Test func timeoutCancelsItsTimerOnTermination() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, TestError>()
        let log = EventLog(subject.signal.timeout(after: 4, on: scheduler, raising: TestError("late")))
        #expect(scheduler.scheduledCount == 1)
        subject.sendCompleted()
        #expect(scheduler.scheduledCount == 0)
        #expect(log.rendered == ["completed"])
    }

    @Test func timeoutOfASignalThatCannotFailRaisesSignalTimeoutError() {
        let scheduler = TestScheduler()
        let upstream = ActionDisposable()
        let never = Signal<Int, Never> { observer in
            observer.send(1)
            return upstream
        }
        let log = EventLog(never.timeout(after: 5, on: scheduler))
        scheduler.advance(by: 4.9)
        #expect(log.rendered == ["1"])
        #expect(!upstream.isDisposed)
        scheduler.advance(by: 0.1)
        let error = log.events.values.last?.error
        #expect(error == SignalTimeoutError(interval: 5))
        #expect(error?.code == .timedOut)
        #expect(error?.message == "no terminal event within 5.0 s")
        #expect(error?.description == "SignalTimeoutError.timedOut: no terminal event within 5.0 s")
        #expect(upstream.isDisposed)
    }

    // MARK: deliverOn

    @Test func deliverOnDeliversEveryEventThroughTheScheduler() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let log = EventLog(subject.signal.deliverOn(scheduler))
        subject.send(1)
        subject.send(2)
        subject.sendCompleted()
        #expect(log.rendered.isEmpty)
        scheduler.advance()
        #expect(log.rendered == ["1", "2", "completed"])
    }

    @Test func deliverOnDropsWaitingEventsWhenDisposed() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let log = EventLog(subject.signal.deliverOn(scheduler))
        subject.send(1)
        log.disposable.dispose()
        scheduler.advance()
        #expect(log.rendered.isEmpty)
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func deliverOnAQueueSchedulerDeliversOnItsQueueInOrder() async {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "TimingTests.deliverOn")
        queue.setSpecific(key: key, value: "deliverOn")
        let onQueue = Recorder<Bool>()
        let values: [Int] = await withCheckedContinuation { continuation in
            let seen = Recorder<Int>()
            Signal<Int, Never>.from(1...50).deliverOn(QueueScheduler(queue: queue)).subscribe(
                next: { value in
                    onQueue.append(DispatchQueue.getSpecific(key: key) == "deliverOn")
                    seen.append(value)
                },
                completed: { continuation.resume(returning: seen.values) }
            )
        }
        #expect(values == Array(1...50))
        #expect(onQueue.values == Array(repeating: true, count: 50))
    }

    // MARK: subscribeOn

    @Test func subscribeOnStartsAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler()
        let starts = Counter()
        let upstream = ActionDisposable()
        let signal = Signal<Int, Never> { observer in
            starts.increment()
            observer.send(7)
            return upstream
        }
        let log = EventLog(signal.subscribeOn(scheduler))
        #expect(starts.current == 0)
        scheduler.advance()
        #expect(starts.current == 1)
        #expect(log.rendered == ["7"])
        log.disposable.dispose()
        #expect(!upstream.isDisposed)
        scheduler.advance()
        #expect(upstream.isDisposed)
    }

    @Test func subscribeOnDisposedBeforeStartingNeverStarts() {
        let scheduler = TestScheduler()
        let starts = Counter()
        let signal = Signal<Int, Never> { _ in
            starts.increment()
            return nil
        }
        signal.subscribeOn(scheduler).subscribeNext { _ in }.dispose()
        scheduler.advance(by: 1)
        #expect(starts.current == 0)
    }

    @Test func subscribeOnLetsADownstreamTakeStopASynchronousEndlessSource() {
        let scheduler = TestScheduler()
        let pulled = Counter()
        let naturals = LazyList(state: 0) { n in
            pulled.increment()
            return (n, n + 1)
        }
        let log = EventLog(naturals.signal.subscribeOn(scheduler).take(3))
        scheduler.advance()
        #expect(log.rendered == ["0", "1", "2", "completed"])
        #expect(pulled.current == 3)
    }

    // MARK: interval and timer

    @Test func intervalSendsTheSchedulersDateEveryPeriod() {
        let output = Marble.run("", ticks: 7) { _, scheduler in
            Signal<Date, Never>.interval(2, on: scheduler).map { "\(Int($0.timeIntervalSinceReferenceDate))" }
        }
        #expect(output == "--2-4-6")
    }

    @Test func intervalStopsWhenDisposed() {
        let scheduler = TestScheduler()
        let log = EventLog(Signal.interval(1, on: scheduler, leeway: 0.5))
        scheduler.advance(by: 2)
        log.disposable.dispose()
        scheduler.advance(by: 5)
        #expect(log.values.map(\.timeIntervalSinceReferenceDate) == [1, 2])
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func timerSendsOneDateThenCompletes() {
        let output = Marble.run("") { _, scheduler in
            Signal<Date, Never>.timer(after: 3, on: scheduler).map { _ in "t" }
        }
        #expect(output == "---[t|]")
    }
}
