import Signals
import Testing

/// The signal grammar, the lifetime of a subscription, and the basic constructors.
@Suite struct CoreTests {
    // MARK: Grammar

    @Test func valuesAfterCompletedAreIgnored() {
        let signal = Signal<Int, TestError> { observer in
            observer.send(1)
            observer.sendCompleted()
            observer.send(2)
            observer.send(error: TestError())
            observer.sendCompleted()
            return nil
        }
        #expect(EventLog(signal).rendered == ["1", "completed"])
    }

    @Test func valuesAfterErrorAreIgnored() {
        let signal = Signal<Int, TestError> { observer in
            observer.send(1)
            observer.send(error: TestError("first"))
            observer.send(2)
            observer.send(error: TestError("second"))
            observer.sendCompleted()
            return nil
        }
        #expect(EventLog(signal).rendered == ["1", "error(first)"])
    }

    @Test func nothingIsDeliveredAfterDispose() {
        let subject = Subject<Int, TestError>()
        let log = EventLog(subject.signal)
        subject.send(1)
        log.disposable.dispose()
        subject.send(2)
        subject.send(error: TestError())
        #expect(log.rendered == ["1"])
        #expect(log.disposable.isDisposed)
    }

    @Test func observerIsInactiveAfterTerminationAndDisposal() {
        let seen = Recorder<Bool>()
        let signal = Signal<Int, Never> { observer in
            seen.append(observer.isActive)
            observer.sendCompleted()
            seen.append(observer.isActive)
            return nil
        }
        signal.subscribe()
        #expect(seen.values == [true, false])
    }

    @Test func sendEventDispatchesEachKind() {
        let signal = Signal<Int, TestError> { observer in
            observer.send(Event.next(7))
            observer.send(Event.error(TestError("e")))
            observer.send(Event.completed)
            return nil
        }
        #expect(EventLog(signal).rendered == ["7", "error(e)"])
    }

    // MARK: Lifetime of the start handler's disposable

    @Test func completionDisposesTheHandlersDisposable() {
        let subject = Subject<Void, Never>()
        let cleanup = ActionDisposable()
        let signal = Signal<Int, Never> { observer in
            subject.signal.subscribeNext { observer.sendCompleted() }
            return cleanup
        }
        let log = EventLog(signal)
        #expect(!cleanup.isDisposed)
        subject.send(())
        #expect(cleanup.isDisposed)
        #expect(log.rendered == ["completed"])
    }

    @Test func errorDisposesTheHandlersDisposable() {
        let trigger = Subject<Void, Never>()
        let cleanup = ActionDisposable()
        let signal = Signal<Int, TestError> { observer in
            trigger.signal.subscribeNext { observer.send(error: TestError()) }
            return cleanup
        }
        let log = EventLog(signal)
        trigger.send(())
        #expect(cleanup.isDisposed)
        #expect(log.rendered == ["error(boom)"])
    }

    @Test func synchronousCompletionDisposesTheReturnedDisposable() {
        let cleanup = ActionDisposable()
        let signal = Signal<Int, Never> { observer in
            observer.send(1)
            observer.sendCompleted()
            #expect(!cleanup.isDisposed)
            return cleanup
        }
        let subscription = signal.subscribe()
        #expect(cleanup.isDisposed)
        #expect(subscription.isDisposed)
    }

    @Test func disposingTheSubscriptionDisposesTheHandlersDisposable() {
        let runs = Counter()
        let signal = Signal<Int, Never> { _ in ActionDisposable { runs.increment() } }
        let subscription = signal.subscribe()
        #expect(runs.current == 0)
        subscription.dispose()
        subscription.dispose()
        #expect(runs.current == 1)
    }

    @Test func coldSignalRunsItsHandlerOncePerSubscription() {
        let starts = Counter()
        let signal = Signal<Int, Never> { observer in
            observer.send(starts.increment())
            observer.sendCompleted()
            return nil
        }
        #expect(starts.current == 0)
        #expect(EventLog(signal).rendered == ["1", "completed"])
        #expect(EventLog(signal).rendered == ["2", "completed"])
        #expect(starts.current == 2)
    }

    // MARK: Constructors

    @Test func just() {
        #expect(EventLog(Signal<Int, Never>.just(5)).rendered == ["5", "completed"])
    }

    @Test func empty() {
        #expect(EventLog(Signal<Int, Never>.empty()).rendered == ["completed"])
    }

    @Test func fail() {
        #expect(EventLog(Signal<Int, TestError>.fail(TestError("x"))).rendered == ["error(x)"])
    }

    @Test func never() {
        let log = EventLog(Signal<Int, TestError>.never())
        #expect(log.rendered.isEmpty)
        #expect(!log.disposable.isDisposed)
    }

    @Test func fromSendsEachElementThenCompletes() {
        #expect(EventLog(Signal<Int, Never>.from([1, 2, 3])).rendered == ["1", "2", "3", "completed"])
    }

    @Test func fromStopsBetweenElementsWhenDisposed() {
        let sent = Recorder<Int>()
        let log = EventLog(Signal<Int, Never>.from(1...1_000).doNext { sent.append($0) }.take(3))
        #expect(sent.values == [1, 2, 3])
        #expect(log.rendered == ["1", "2", "3", "completed"])
    }

    @Test func deferredRunsItsBodyPerSubscription() {
        let calls = Counter()
        let signal = Signal<Int, Never>.deferred { .just(calls.increment()) }
        #expect(calls.current == 0)
        #expect(EventLog(signal).rendered == ["1", "completed"])
        #expect(EventLog(signal).rendered == ["2", "completed"])
    }

    // MARK: Subscribing

    @Test func subscribeWithAllThreeClosures() {
        let seen = Recorder<String>()
        Signal<Int, TestError>.from([1, 2]).concat(.fail(TestError("e"))).subscribe(
            next: { seen.append("next \($0)") },
            error: { seen.append("error \($0)") },
            completed: { seen.append("completed") }
        )
        #expect(seen.values == ["next 1", "next 2", "error e"])
    }

    @Test func subscribeNextErrorCompletedAlone() {
        let seen = Recorder<String>()
        let failing = Signal<Int, TestError>.from([1]).concat(.fail(TestError("e")))
        failing.subscribeNext { seen.append("next \($0)") }
        failing.subscribeError { seen.append("error \($0)") }
        failing.subscribeCompleted { seen.append("completed") }
        Signal<Int, TestError>.just(9).subscribeCompleted { seen.append("completed") }
        Signal<Int, TestError>.just(9).subscribe(next: { seen.append("only next \($0)") })
        #expect(seen.values == ["next 1", "error e", "completed", "only next 9"])
    }

    @Test func subscribeEventsSeesEveryEvent() {
        let events = Recorder<Event<Int, TestError>>()
        Signal<Int, TestError>.from([1, 2]).subscribeEvents { events.append($0) }
        #expect(events.values == [.next(1), .next(2), .completed])
    }

    @Test func subscribeWithAnObserver() {
        let seen = Recorder<String>()
        let observer = Observer<Int, Never>(next: { seen.append("\($0)") }, completed: { seen.append("done") })
        Signal<Int, Never>.from([4, 5]).subscribe(observer)
        #expect(seen.values == ["4", "5", "done"])
        #expect(!observer.isActive)
    }

    // MARK: Side effects

    @Test func doOperatorsRunBeforeTheSubscriberInOrder() {
        let seen = Recorder<String>()
        Signal<Int, Never>.from([1, 2])
            .doNext { seen.append("doNext \($0)") }
            .doEvent { seen.append("doEvent \($0)") }
            .doCompleted { seen.append("doCompleted") }
            .doFinally { seen.append("doFinally") }
            .subscribe(next: { seen.append("next \($0)") }, completed: { seen.append("completed") })
        #expect(seen.values == [
            "doNext 1", "doEvent next(1)", "next 1",
            "doNext 2", "doEvent next(2)", "next 2",
            "doEvent completed", "doCompleted", "completed", "doFinally",
        ])
    }

    @Test func doErrorRunsBeforeTheSubscriberThenDoFinally() {
        let seen = Recorder<String>()
        Signal<Int, TestError>.fail(TestError("e"))
            .doError { seen.append("doError \($0)") }
            .doCompleted { seen.append("doCompleted") }
            .doFinally { seen.append("doFinally") }
            .subscribeError { seen.append("error \($0)") }
        #expect(seen.values == ["doError e", "error e", "doFinally"])
    }

    @Test func doSideEffectsRunPerSubscriptionOnly() {
        let effects = Counter()
        let signal = Signal<Int, Never>.just(1).doNext { _ in effects.increment() }
        #expect(effects.current == 0)
        signal.subscribe()
        signal.subscribe()
        #expect(effects.current == 2)
    }

    @Test func doFinallyRunsOnceOnDisposeAndCancelsUpstream() {
        let subject = Subject<Int, Never>()
        let finals = Counter()
        let log = EventLog(subject.signal.doFinally { finals.increment() })
        subject.send(1)
        #expect(finals.current == 0)
        log.disposable.dispose()
        log.disposable.dispose()
        subject.send(2)
        #expect(finals.current == 1)
        #expect(log.rendered == ["1"])
    }

    @Test func doFinallyDisposesTheUpstreamWork() {
        let cleanup = ActionDisposable()
        let source = Signal<Int, Never> { _ in cleanup }
        source.doFinally {}.subscribe().dispose()
        #expect(cleanup.isDisposed)
    }

    // MARK: Regressions

    @Test func concatOfASynchronousSignalWithAHotOneKeepsTheSecondSubscription() {
        let subject = Subject<Int, Never>()
        let log = EventLog(Signal.just(0).concat(subject.signal))
        subject.send(1)
        subject.sendCompleted()
        #expect(log.rendered == ["0", "1", "completed"])
    }

    @Test func concatDisposalCancelsTheSecondSignal() {
        let cleanup = ActionDisposable()
        let second = Signal<Int, Never> { _ in cleanup }
        let subscription = Signal<Int, Never>.empty().concat(second).subscribe()
        #expect(!cleanup.isDisposed)
        subscription.dispose()
        #expect(cleanup.isDisposed)
    }

    @Test func takeStopsAnInfiniteSynchronousSource() {
        let pulled = Counter()
        let naturals = LazyList<Int>(state: 0) { n in
            pulled.increment()
            return (n, n + 1)
        }
        #expect(EventLog(naturals.signal.take(3)).rendered == ["0", "1", "2", "completed"])
        #expect(pulled.current == 3)
    }

    @Test func takeStopsAnInfiniteSourceThroughOperators() {
        let pulled = Counter()
        let naturals = LazyList<Int>(state: 0) { n in
            pulled.increment()
            return (n, n + 1)
        }
        let chain = naturals.signal.map { $0 * 2 }.filter { $0 % 4 == 0 }.doNext { _ in }.doFinally {}
        #expect(EventLog(chain.take(2)).rendered == ["0", "4", "completed"])
        #expect(pulled.current == 3)
        let zipped = Signal<Int, Never>.from([10, 11]).zip(with: naturals.signal)
        #expect(EventLog(zipped.map { "\($0.0)-\($0.1)" }).rendered == ["10-0", "11-1", "completed"])
    }

    @Test func takeStopsAnInfiniteInnerSignal() {
        let naturals = LazyList<Int>(state: 0) { ($0, $0 + 1) }
        let flattened = Signal<Int, Never>.just(1).flattenMap { _ in naturals.signal }
        #expect(EventLog(flattened.take(2)).rendered == ["0", "1", "completed"])
        let concatenated = Signal<Int, Never>.just(-1).concat(naturals.signal)
        #expect(EventLog(concatenated.take(3)).rendered == ["-1", "0", "1", "completed"])
    }

    @Test func bindStopCallsTheTransformNoMoreOnASynchronousSource() {
        let calls = Counter()
        let signal = Signal<Int, Never>.from(1...10).bind {
            { value, stop in
                calls.increment()
                stop = value == 2
                return Signal<Int, Never>.just(value * 10)
            }
        } as Signal<Int, Never>
        #expect(EventLog(signal).rendered == ["10", "20", "completed"])
        #expect(calls.current == 2)
    }
}
