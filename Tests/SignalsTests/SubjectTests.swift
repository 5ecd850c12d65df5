import Signals
import Testing

/// Subject and ReplaySubject semantics, on one thread (see StressTests for threads).
@Suite struct SubjectTests {
    // MARK: Subject

    @Test func lateSubscribersMissEarlierValues() {
        let subject = Subject<Int, Never>()
        let early = EventLog(subject.signal)
        subject.send(1)
        let late = EventLog(subject.signal)
        subject.send(2)
        #expect(early.rendered == ["1", "2"])
        #expect(late.rendered == ["2"])
    }

    @Test func everySubscriberReceivesEachValue() {
        let subject = Subject<Int, Never>()
        let logs = (0..<3).map { _ in EventLog(subject.signal) }
        subject.send(1)
        subject.sendCompleted()
        #expect(logs.map(\.rendered) == Array(repeating: ["1", "completed"], count: 3))
    }

    @Test func terminalEventReachesLateSubscribersAtOnce() {
        let subject = Subject<Int, TestError>()
        subject.send(1)
        subject.send(error: TestError("gone"))
        #expect(EventLog(subject.signal).rendered == ["error(gone)"])
        let completed = Subject<Int, TestError>()
        completed.sendCompleted()
        #expect(EventLog(completed.signal).rendered == ["completed"])
    }

    @Test func sendsAfterTheTerminalEventAreIgnored() {
        let subject = Subject<Int, TestError>()
        let log = EventLog(subject.signal)
        subject.send(1)
        subject.sendCompleted()
        subject.send(2)
        subject.send(error: TestError())
        subject.sendCompleted()
        #expect(log.rendered == ["1", "completed"])
        #expect(EventLog(subject.signal).rendered == ["completed"])
    }

    @Test func sendEventForwardsEachKind() {
        let subject = Subject<Int, TestError>()
        let log = EventLog(subject.signal)
        subject.send(Event.next(1))
        subject.send(Event.error(TestError("e")))
        subject.send(Event.next(2))
        #expect(log.rendered == ["1", "error(e)"])
    }

    @Test func disposedSubscriberReceivesNothingMore() {
        let subject = Subject<Int, Never>()
        let kept = EventLog(subject.signal)
        let dropped = EventLog(subject.signal)
        subject.send(1)
        dropped.disposable.dispose()
        subject.send(2)
        #expect(kept.rendered == ["1", "2"])
        #expect(dropped.rendered == ["1"])
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentEventInOrder() {
        let subject = Subject<Int, Never>()
        let first = Recorder<String>()
        let second = Recorder<String>()
        subject.signal.subscribeNext { value in
            first.append("start \(value)")
            if value == 1 {
                subject.send(2)
                subject.send(3)
            }
            first.append("end \(value)")
        }
        subject.signal.subscribeNext { second.append("\($0)") }
        subject.send(1)
        #expect(first.values == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        #expect(second.values == ["1", "2", "3"])
    }

    @Test func reentrantCompletionEndsEveryoneAfterTheCurrentValue() {
        let subject = Subject<Int, Never>()
        subject.signal.subscribeNext { if $0 == 1 { subject.sendCompleted() } }
        let log = EventLog(subject.signal)
        subject.send(1)
        subject.send(2)
        #expect(log.rendered == ["1", "completed"])
    }

    @Test func disposingFromInsideTheSubscriberStopsAtOnce() {
        let subject = Subject<Int, Never>()
        let seen = Recorder<Int>()
        let subscription = SerialDisposable()
        subscription.inner = subject.signal.subscribeNext { value in
            seen.append(value)
            subscription.dispose()
        }
        subject.send(1)
        subject.send(2)
        #expect(seen.values == [1])
    }

    @Test func observerForwardsIntoTheSubject() {
        let source = Subject<Int, TestError>()
        let target = Subject<Int, TestError>()
        let log = EventLog(target.signal)
        source.signal.subscribe(target.observer)
        source.send(1)
        source.send(error: TestError("e"))
        target.send(2)
        #expect(log.rendered == ["1", "error(e)"])
    }

    @Test func observerForwardsCompletion() {
        let target = Subject<Int, Never>()
        let log = EventLog(target.signal)
        Signal<Int, Never>.from([1, 2]).subscribe(target.observer)
        #expect(log.rendered == ["1", "2", "completed"])
    }

    // MARK: ReplaySubject

    @Test func replaysExactlyTheLastNValuesThenLiveOnes() {
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        for value in 1...5 { subject.send(value) }
        let log = EventLog(subject.signal)
        subject.send(6)
        #expect(log.rendered == ["4", "5", "6"])
    }

    @Test func replaysEverythingByDefault() {
        let subject = ReplaySubject<Int, Never>()
        for value in 0..<200 { subject.send(value) }
        #expect(EventLog(subject.signal).values == Array(0..<200))
    }

    @Test func capacityOneAfterManyValuesReplaysTheLast() {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        for value in 0..<1_000 { subject.send(value) }
        #expect(EventLog(subject.signal).rendered == ["999"])
    }

    @Test func replaysTheTerminalEventAfterTheValues() {
        let subject = ReplaySubject<Int, TestError>(capacity: 3)
        for value in 1...4 { subject.send(value) }
        subject.send(error: TestError("e"))
        subject.send(5)
        #expect(EventLog(subject.signal).rendered == ["2", "3", "4", "error(e)"])
        let completed = ReplaySubject<Int, TestError>()
        completed.send(1)
        completed.sendCompleted()
        #expect(EventLog(completed.signal).rendered == ["1", "completed"])
    }

    @Test func replayWithNothingSentGivesOnlyLiveValues() {
        let subject = ReplaySubject<Int, Never>(capacity: 3)
        let log = EventLog(subject.signal)
        subject.send(Event.next(1))
        subject.send(Event.completed)
        #expect(log.rendered == ["1", "completed"])
    }

    @Test func reentrantSendDuringReplayComesAfterTheReplayedValues() {
        let subject = ReplaySubject<Int, Never>()
        subject.send(1)
        subject.send(2)
        let seen = Recorder<Int>()
        subject.signal.subscribeNext { value in
            seen.append(value)
            if value == 1 { subject.send(3) }
        }
        #expect(seen.values == [1, 2, 3])
    }

    @Test func disposedReplaySubscriberReceivesNothingMore() {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        subject.send(1)
        let log = EventLog(subject.signal)
        log.disposable.dispose()
        subject.send(2)
        #expect(log.rendered == ["1"])
    }
}
