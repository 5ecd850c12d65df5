import HeraldTestSupport
import Signals
import Testing

/// Ended subscriptions release their observers and everything their closures captured.
@Suite(.offThePool) struct LeakTests {
    /// A cold signal whose start handler captures `tracked` and keeps the observer in a
    /// disposable until the subscription ends.
    private func coldSignal(capturing tracked: Tracked, trigger: Subject<Int, TestError>) -> Signal<Int, TestError> {
        Signal { observer in
            _ = tracked
            let forwarding = trigger.signal.subscribe(observer)
            return ActionDisposable { [tracked] in _ = tracked; forwarding.dispose() }
        }
    }

    /// Subscribes to `make(tracked)` with closures capturing `tracked`, runs `end`, drops
    /// every reference the test holds, and returns whether `tracked` was released.
    private func isReleased(
        _ make: (Tracked) -> Signal<Int, TestError>,
        end: (any Disposable) -> Void
    ) -> Bool {
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        var subscription: (any Disposable)?
        do {
            let captured = tracked!
            subscription = make(captured).subscribe(
                next: { _ in _ = captured },
                error: { _ in _ = captured },
                completed: { _ = captured }
            )
        }
        tracked = nil
        end(subscription!)
        subscription = nil
        return weak.isReleased
    }

    // MARK: Cold signal

    @Test func coldSubscriptionReleasesOnCompletion() {
        let trigger = Subject<Int, TestError>()
        #expect(isReleased({ coldSignal(capturing: $0, trigger: trigger) }, end: { _ in trigger.sendCompleted() }))
    }

    @Test func coldSubscriptionReleasesOnError() {
        let trigger = Subject<Int, TestError>()
        #expect(isReleased({ coldSignal(capturing: $0, trigger: trigger) }, end: { _ in trigger.send(error: TestError()) }))
    }

    @Test func coldSubscriptionReleasesOnDispose() {
        let trigger = Subject<Int, TestError>()
        #expect(isReleased({ coldSignal(capturing: $0, trigger: trigger) }, end: { $0.dispose() }))
    }

    @Test func handlerReturningTheForwardedSubscriptionReleasesOnDispose() {
        let trigger = Subject<Int, TestError>()
        #expect(isReleased({ tracked in
            Signal { observer in
                _ = tracked
                return trigger.signal.subscribe(observer)
            }
        }, end: { $0.dispose() }))
    }

    @Test func activeSubscriptionKeepsItsObserver() {
        let trigger = Subject<Int, TestError>()
        #expect(!isReleased({ coldSignal(capturing: $0, trigger: trigger) }, end: { _ in }))
    }

    @Test func synchronousSignalReleasesAtOnce() {
        #expect(isReleased({ tracked in Signal.just(1).map { value in _ = tracked; return value } }, end: { _ in }))
    }

    // MARK: Subject

    @Test func subjectSubscriptionReleasesOnDispose() {
        let subject = Subject<Int, TestError>()
        #expect(isReleased({ _ in subject.signal }, end: { $0.dispose() }))
        subject.send(1)
    }

    @Test func subjectSubscriptionReleasesOnCompletionAndError() {
        let completing = Subject<Int, TestError>()
        #expect(isReleased({ _ in completing.signal }, end: { _ in completing.sendCompleted() }))
        let failing = Subject<Int, TestError>()
        #expect(isReleased({ _ in failing.signal }, end: { _ in failing.send(error: TestError()) }))
    }

    @Test func replaySubjectSubscriptionReleasesOnDispose() {
        let subject = ReplaySubject<Int, TestError>(capacity: 2)
        subject.send(1)
        #expect(isReleased({ _ in subject.signal }, end: { $0.dispose() }))
    }

    // MARK: Operator chain

    private func chain(_ first: Subject<Int, TestError>, _ second: Subject<Int, TestError>, _ tracked: Tracked)
        -> Signal<Int, TestError>
    {
        first.signal.map { value in _ = tracked; return value * 2 }
            .filter { _ in _ = tracked; return true }
            .merge(with: second.signal.doNext { _ in _ = tracked })
    }

    @Test func operatorChainReleasesOnDispose() {
        let first = Subject<Int, TestError>()
        let second = Subject<Int, TestError>()
        #expect(isReleased({ chain(first, second, $0) }, end: { $0.dispose() }))
    }

    @Test func operatorChainReleasesOnCompletion() {
        let first = Subject<Int, TestError>()
        let second = Subject<Int, TestError>()
        #expect(isReleased({ chain(first, second, $0) }, end: { _ in
            first.send(1)
            first.sendCompleted()
            second.sendCompleted()
        }))
    }

    @Test func operatorChainReleasesOnError() {
        let first = Subject<Int, TestError>()
        let second = Subject<Int, TestError>()
        #expect(isReleased({ chain(first, second, $0) }, end: { _ in second.send(error: TestError()) }))
    }

    @Test func flattenMapReleasesInnerSubscriptionsOnDispose() {
        let outer = Subject<Int, TestError>()
        let inner = Subject<Int, TestError>()
        #expect(isReleased({ tracked in
            outer.signal.flattenMap { _ in inner.signal.map { value in _ = tracked; return value } }
        }, end: { subscription in
            outer.send(1)
            subscription.dispose()
        }))
    }

    // MARK: Memory stays flat

    @Test func millionSubscribeDisposeCyclesLeaveMemoryFlat() {
        let subject = Subject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        func cycle(_ count: Int) {
            let captured = tracked!
            for _ in 0..<count {
                subject.signal.subscribeNext { _ in _ = captured }.dispose()
            }
        }
        cycle(100_000)
        // Other suites allocate on other threads meanwhile (a CI run saw 6.6–22 MB in each of
        // three rounds); a leak shows in every round, their noise does not, so the smallest
        // growth of up to five rounds is judged. Anything a cycle leaked would be at least one
        // heap block, 32 bytes with glibc's malloc: 32 MB a round. The bound is half that.
        let bound = 16_000_000
        var growths: [Int] = []
        repeat {
            let before = heapBytesInUse()
            cycle(1_000_000)
            growths.append(heapBytesInUse() - before)
        } while growths.min()! >= bound && growths.count < 5
        tracked = nil
        #expect(heapBytesInUse() > 0)
        #expect(growths.min()! < bound, "heap grew by \(growths) bytes")
        #expect(weak.isReleased, "the subject still holds observers")
        let seen = Recorder<Int>()
        subject.signal.subscribeNext { seen.append($0) }
        subject.send(1)
        #expect(seen.values == [1])
    }
}
