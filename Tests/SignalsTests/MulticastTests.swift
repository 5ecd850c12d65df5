import Dispatch
import HeraldTestSupport
import Signals
import Testing

@Suite(.offThePool) struct MulticastTests {
    // MARK: publish / connect

    @Test func coldSignalRunsOncePerSubscriberWithoutAConnection() {
        let source = ProbedSource<Int>()
        source.signal.subscribeNext { _ in }
        source.signal.subscribeNext { _ in }
        #expect(source.starts.current == 2)
    }

    @Test func publishSharesOneSubscriptionAmongAllSubscribers() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        let logs = (0..<3).map { _ in EventLog(connection.signal) }
        #expect(source.starts.current == 0)
        connection.connect()
        source.input.send(1)
        source.input.send(2)
        source.input.sendCompleted()
        #expect(source.starts.current == 1)
        for log in logs { #expect(log.rendered == ["1", "2", "completed"]) }
    }

    @Test func publishedSignalSendsNothingBeforeConnect() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        let log = EventLog(connection.signal)
        source.input.send(1)
        #expect(log.rendered.isEmpty)
        #expect(!connection.isConnected)
        connection.connect()
        #expect(connection.isConnected)
        source.input.send(2)
        #expect(log.rendered == ["2"])
    }

    @Test func publishGivesLateSubscribersOnlyLaterValues() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        connection.connect()
        source.input.send(1)
        let late = EventLog(connection.signal)
        source.input.send(2)
        #expect(late.rendered == ["2"])
    }

    @Test func publishForwardsTheErrorToEverySubscriber() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        let first = EventLog(connection.signal)
        let second = EventLog(connection.signal)
        connection.connect()
        source.input.send(error: TestError("lost"))
        #expect(first.rendered == ["error(lost)"])
        #expect(second.rendered == ["error(lost)"])
    }

    @Test func connectIsIdempotent() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        let first = connection.connect()
        let second = connection.connect()
        #expect(first === second)
        #expect(source.starts.current == 1)
    }

    @Test func concurrentConnectsSubscribeOnce() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in connection.connect() }
        #expect(source.starts.current == 1)
    }

    @Test func disposingTheConnectionStopsTheSourceWork() {
        let source = ProbedSource<Int>()
        let connection = source.signal.publish()
        let log = EventLog(connection.signal)
        let shared = connection.connect()
        source.input.send(1)
        shared.dispose()
        source.input.send(2)
        #expect(source.disposals.current == 1)
        #expect(log.rendered == ["1"])
        #expect(connection.connect() === shared)
        #expect(source.starts.current == 1)
    }

    @Test func synchronousSourceReachesSubscribersThatCameBeforeConnect() {
        let starts = Counter()
        let source = Signal<Int, Never> { observer in
            starts.increment()
            observer.send(1)
            observer.sendCompleted()
            return nil
        }
        let connection = source.publish()
        let first = EventLog(connection.signal)
        let second = EventLog(connection.signal)
        connection.connect()
        #expect(starts.current == 1)
        #expect(first.rendered == ["1", "completed"])
        #expect(second.rendered == ["1", "completed"])
    }

    // MARK: multicast

    @Test func multicastThroughAReplaySubjectReplaysItsCapacity() {
        let source = ProbedSource<Int>()
        let connection = source.signal.multicast(ReplaySubject(capacity: 2))
        connection.connect()
        for value in 1...4 { source.input.send(value) }
        let late = EventLog(connection.signal)
        source.input.send(5)
        #expect(late.rendered == ["3", "4", "5"])
        #expect(source.starts.current == 1)
    }

    @Test func multicastThroughASubjectUsesThatSubject() {
        let source = ProbedSource<Int>()
        let subject = Subject<Int, TestError>()
        let connection = source.signal.multicast(subject)
        let direct = EventLog(subject.signal)
        connection.connect()
        source.input.send(7)
        #expect(direct.rendered == ["7"])
    }

    // MARK: autoconnect

    @Test func autoconnectConnectsOnTheFirstSubscriber() {
        let source = ProbedSource<Int>()
        let shared = source.signal.publish().autoconnect()
        #expect(source.starts.current == 0)
        let first = EventLog(shared)
        #expect(source.starts.current == 1)
        let second = EventLog(shared)
        #expect(source.starts.current == 1)
        source.input.send(1)
        #expect(first.rendered == ["1"])
        #expect(second.rendered == ["1"])
    }

    @Test func autoconnectDisposesTheSourceWhenTheLastSubscriberLeaves() {
        let source = ProbedSource<Int>()
        let shared = source.signal.publish().autoconnect()
        let first = EventLog(shared)
        let second = EventLog(shared)
        first.disposable.dispose()
        #expect(source.disposals.current == 0)
        source.input.send(1)
        #expect(second.rendered == ["1"])
        second.disposable.dispose()
        #expect(source.disposals.current == 1)
    }

    @Test func autoconnectDoesNotReconnectAfterTheCountReachedZero() {
        let source = ProbedSource<Int>()
        let shared = source.signal.publish().autoconnect()
        EventLog(shared).disposable.dispose()
        let later = EventLog(shared)
        source.input.send(1)
        #expect(source.starts.current == 1)
        #expect(later.rendered.isEmpty)
    }

    @Test func autoconnectCountsSubscribersThatEndedByCompletion() {
        let source = ProbedSource<Int>()
        let shared = source.signal.publish().autoconnect()
        let finite = EventLog(shared.take(1))
        let second = EventLog(shared)
        source.input.send(1)
        #expect(finite.rendered == ["1", "completed"])
        #expect(source.disposals.current == 0)
        second.disposable.dispose()
        #expect(source.disposals.current == 1)
    }

    // MARK: replay variants

    @Test func replayStartsAtOnceAndReplaysEverything() {
        let source = ProbedSource<Int>()
        let replayed = source.signal.replay()
        #expect(source.starts.current == 1)
        source.input.send(1)
        source.input.send(2)
        let late = EventLog(replayed)
        source.input.send(3)
        source.input.sendCompleted()
        let later = EventLog(replayed)
        #expect(late.rendered == ["1", "2", "3", "completed"])
        #expect(later.rendered == ["1", "2", "3", "completed"])
        #expect(source.starts.current == 1)
    }

    @Test func replayLastReplaysOnlyTheLatestValue() {
        let source = ProbedSource<Int>()
        let replayed = source.signal.replayLast()
        #expect(source.starts.current == 1)
        source.input.send(1)
        source.input.send(2)
        let late = EventLog(replayed)
        source.input.send(3)
        source.input.sendCompleted()
        let later = EventLog(replayed)
        #expect(late.rendered == ["2", "3", "completed"])
        #expect(later.rendered == ["3", "completed"])
    }

    @Test func replayReplaysTheError() {
        let source = ProbedSource<Int>()
        let replayed = source.signal.replay()
        source.input.send(1)
        source.input.send(error: TestError("late"))
        #expect(EventLog(replayed).rendered == ["1", "error(late)"])
    }

    @Test func replayLazilyDoesNoWorkUntilSubscribed() {
        let source = ProbedSource<Int>()
        let replayed = source.signal.replayLazily()
        #expect(source.starts.current == 0)
        let first = EventLog(replayed)
        #expect(source.starts.current == 1)
        source.input.send(1)
        let second = EventLog(replayed)
        source.input.send(2)
        #expect(source.starts.current == 1)
        #expect(first.rendered == ["1", "2"])
        #expect(second.rendered == ["1", "2"])
    }

    @Test func replayLazilyNeverDisconnects() {
        let source = ProbedSource<Int>()
        let replayed = source.signal.replayLazily()
        EventLog(replayed).disposable.dispose()
        source.input.send(1)
        #expect(source.disposals.current == 0)
        let later = EventLog(replayed)
        #expect(later.rendered == ["1"])
        #expect(source.starts.current == 1)
    }
}
