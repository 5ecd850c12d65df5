import HeraldTestSupport
import Signals
import Synchronization
import Testing

/// A subject's list of subscribers: joining and leaving it during sends, from many threads,
/// and what a subscription keeps alive once it has ended.
@Suite(.offThePool) struct SubscriptionListTests {
    // MARK: What an ended subscription keeps

    @Test func disposedSubjectSubscriptionReleasesItsClosuresWhileItsDisposableIsHeld() {
        let subject = Subject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        let subscription = subject.signal.subscribeNext { [tracked] _ in _ = tracked }
        tracked = nil
        #expect(!weak.isReleased)
        subscription.dispose()
        #expect(weak.isReleased)
        #expect(subscription.isDisposed)
    }

    @Test func completedSubjectSubscriptionReleasesItsClosuresWhileItsDisposableIsHeld() {
        let subject = Subject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        let subscription = subject.signal.subscribe(completed: { [tracked] in _ = tracked })
        tracked = nil
        subject.sendCompleted()
        #expect(weak.isReleased)
        withExtendedLifetime(subscription) {}
    }

    @Test func disposedOperatorChainReleasesItsClosuresWhileItsDisposableIsHeld() {
        let subject = Subject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        let subscription = subject.signal
            .map { [tracked] value in _ = tracked; return value + 1 }
            .filter { [tracked] _ in _ = tracked; return true }
            .subscribeNext { [tracked] _ in _ = tracked }
        tracked = nil
        subject.send(1)
        #expect(!weak.isReleased)
        subscription.dispose()
        #expect(weak.isReleased)
    }

    // MARK: Joining and leaving during a send

    @Test func subscriberDisposedByAnEarlierOneDuringASendGetsNothingMore() {
        let subject = Subject<Int, Never>()
        let later = Recorder<Int>()
        let laterSubscription = SerialDisposable()
        subject.signal.subscribeNext { if $0 == 1 { laterSubscription.dispose() } }
        laterSubscription.inner = subject.signal.subscribeNext { later.append($0) }
        subject.send(1)
        subject.send(2)
        #expect(later.values == [])
    }

    @Test func subscriberJoiningDuringASendGetsOnlyLaterValues() {
        let subject = Subject<Int, Never>()
        let joined = Recorder<Int>()
        subject.signal.subscribeNext { value in
            if value == 1 { subject.signal.subscribeNext { joined.append($0) } }
        }
        subject.send(1)
        subject.send(2)
        #expect(joined.values == [2])
    }

    @Test func subscriberDisposingItselfInsideATransformGetsNothing() {
        let subject = Subject<Int, Never>()
        let seen = Recorder<Int>()
        let subscription = SerialDisposable()
        subscription.inner = subject.signal
            .map { value in
                if value == 2 { subscription.dispose() }
                return value
            }
            .filter { _ in true }
            .subscribeNext { seen.append($0) }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(seen.values == [1])
    }

    @Test func oneObserverSubscribedTwiceLeavesBothPlacesOnDispose() {
        let subject = Subject<Int, Never>()
        let seen = Recorder<Int>()
        let observer = Observer<Int, Never>(next: { seen.append($0) })
        let first = subject.signal.subscribe(observer)
        subject.signal.subscribe(observer)
        subject.send(1)
        first.dispose()
        subject.send(2)
        #expect(seen.values == [1, 1])
    }

    @Test func disposingOneOfSeveralSubscribersKeepsTheOthersInOrder() {
        let subject = Subject<Int, Never>()
        let order = Recorder<String>()
        let subscriptions = (0..<5).map { index in
            subject.signal.subscribeNext { order.append("\(index):\($0)") }
        }
        subscriptions[1].dispose()
        subscriptions[4].dispose()
        subject.send(7)
        #expect(order.values == ["0:7", "2:7", "3:7"])
    }

    // MARK: Many threads

    @Test func subscribeAndDisposeFromManyThreadsLeavesOnlyTheKeptSubscribers() {
        let subject = Subject<Int, Never>()
        let kept = Recorder<Int>()
        subject.signal.subscribeNext { kept.append($0) }
        let live = LiveTokens()
        let churners = 6
        let done = Atomic<Int>(0)
        onThreads(churners + 2) { thread in
            if thread >= churners {
                var value = 0
                while done.load(ordering: .acquiring) < churners {
                    subject.send(value)
                    value += 1
                }
                return
            }
            for cycle in 0..<20_000 {
                let token = Token(live)
                let subscription = subject.signal.subscribeNext { _ in _ = token }
                // Half of them dispose twice, racing nobody but themselves.
                subscription.dispose()
                if cycle & 1 == 0 { subscription.dispose() }
            }
            done.add(1, ordering: .releasing)
        }
        // Every churned subscriber left the list and released what it captured; the kept
        // one is still in it.
        #expect(live.count == 0, "disposed subscribers are still in the subject's list")
        let before = kept.count
        subject.send(-1)
        #expect(kept.count == before + 1)
        #expect(kept.values.last == -1)
    }

    @Test func concurrentDisposeOfOneSubscriptionRemovesOnlyIt() {
        for _ in 0..<200 {
            let subject = Subject<Int, Never>()
            let kept = Recorder<Int>()
            let gone = Recorder<Int>()
            subject.signal.subscribeNext { kept.append($0) }
            let subscription = subject.signal.subscribeNext { gone.append($0) }
            subject.signal.subscribeNext { kept.append($0 * 10) }
            onThreads(8) { _ in subscription.dispose() }
            subject.send(1)
            #expect(kept.values == [1, 10])
            #expect(gone.values == [])
        }
    }

    @Test func replaySubscribersChurningDuringSendsLeaveTheList() {
        let subject = ReplaySubject<Int, Never>(capacity: 4)
        let live = LiveTokens()
        onThreads(3) { thread in
            if thread == 0 {
                for value in 0..<20_000 { subject.send(value) }
                return
            }
            for _ in 0..<5_000 {
                let token = Token(live)
                subject.signal.subscribeNext { _ in _ = token }.dispose()
            }
        }
        #expect(live.count == 0, "disposed replay subscribers are still in the subject's list")
        let seen = Recorder<Int>()
        subject.signal.subscribeNext { seen.append($0) }
        #expect(seen.values == [19_996, 19_997, 19_998, 19_999])
    }
}

/// Counts the `Token`s alive: what subscriber closures captured and not yet released.
private final class LiveTokens: Sendable {
    private let alive = Atomic<Int>(0)
    func add(_ delta: Int) { alive.add(delta, ordering: .relaxed) }
    var count: Int { alive.load(ordering: .relaxed) }
}

private final class Token: Sendable {
    let tokens: LiveTokens
    init(_ tokens: LiveTokens) {
        self.tokens = tokens
        tokens.add(1)
    }
    deinit { tokens.add(-1) }
}
