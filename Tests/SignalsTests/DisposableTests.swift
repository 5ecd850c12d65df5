import HeraldTestSupport
import Signals
import Testing

/// ActionDisposable, CompositeDisposable, SerialDisposable and ScopedDisposable.
@Suite(.offThePool) struct DisposableTests {
    // MARK: ActionDisposable

    @Test func actionRunsOnceOnFirstDispose() {
        let runs = Counter()
        let disposable = ActionDisposable { runs.increment() }
        #expect(!disposable.isDisposed)
        #expect(runs.current == 0)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(runs.current == 1)
    }

    @Test func actionRunsOnceUnderConcurrentDispose() {
        for _ in 0..<200 {
            let runs = Counter()
            let disposable = ActionDisposable { runs.increment() }
            onThreads(16) { _ in disposable.dispose() }
            #expect(runs.current == 1)
        }
    }

    @Test func actionIsReleasedAfterDispose() {
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        let disposable = ActionDisposable { [tracked] in _ = tracked }
        tracked = nil
        #expect(!weak.isReleased)
        disposable.dispose()
        #expect(weak.isReleased)
    }

    @Test func emptyActionDisposableOnlyRecordsDisposal() {
        let disposable = ActionDisposable()
        disposable.dispose()
        #expect(disposable.isDisposed)
    }

    // MARK: CompositeDisposable

    @Test func compositeDisposesAllMembersOnce() {
        let runs = Counter()
        let first = ActionDisposable { runs.increment() }
        let second = ActionDisposable { runs.increment() }
        let composite = CompositeDisposable([first])
        composite.add(second)
        composite.add { runs.increment() }
        #expect(composite.count == 3)
        composite.dispose()
        composite.dispose()
        #expect(runs.current == 3)
        #expect(first.isDisposed && second.isDisposed)
        #expect(composite.isDisposed)
        #expect(composite.count == 0)
    }

    @Test func addingAfterDisposeDisposesAtOnce() {
        let composite = CompositeDisposable()
        composite.dispose()
        let late = ActionDisposable()
        composite.add(late)
        #expect(late.isDisposed)
        #expect(composite.count == 0)
        composite.add(nil)
        #expect(composite.count == 0)
    }

    @Test func removeTakesOutWithoutDisposing() {
        let kept = ActionDisposable()
        let removed = ActionDisposable()
        let composite = CompositeDisposable([kept, removed])
        composite.remove(removed)
        #expect(composite.count == 1)
        composite.dispose()
        #expect(kept.isDisposed)
        #expect(!removed.isDisposed)
    }

    @Test func addingTheSameMemberTwiceCountsOnce() {
        let member = ActionDisposable()
        let composite = CompositeDisposable()
        composite.add(member)
        composite.add(member)
        #expect(composite.count == 1)
    }

    @Test func disposedByAddsToTheComposite() {
        let composite = CompositeDisposable()
        let member = ActionDisposable()
        member.disposed(by: composite)
        composite.dispose()
        #expect(member.isDisposed)
    }

    @Test func compositeUnderConcurrentAddAndDisposeLosesNoMember() {
        for _ in 0..<50 {
            let composite = CompositeDisposable()
            let members = (0..<64).map { _ in ActionDisposable() }
            onThreads(65) { index in
                if index == 64 { composite.dispose() } else { composite.add(members[index]) }
            }
            #expect(members.filter { !$0.isDisposed }.isEmpty)
        }
    }

    // MARK: SerialDisposable

    @Test func replacingTheInnerDisposesTheOldOne() {
        let first = ActionDisposable()
        let second = ActionDisposable()
        let serial = SerialDisposable(first)
        serial.inner = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        #expect(serial.inner === second)
        serial.dispose()
        #expect(second.isDisposed)
        #expect(serial.isDisposed)
        #expect(serial.inner == nil)
    }

    @Test func settingAfterDisposeDisposesTheNewOneAtOnce() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = ActionDisposable()
        serial.inner = late
        #expect(late.isDisposed)
        #expect(serial.inner == nil)
    }

    @Test func swapReturnsTheOldOneWithoutDisposingIt() {
        let first = ActionDisposable()
        let second = ActionDisposable()
        let serial = SerialDisposable(first)
        let old = serial.swap(second)
        #expect(old === first)
        #expect(!first.isDisposed)
        #expect(serial.inner === second)
        serial.dispose()
        let rejected = ActionDisposable()
        #expect(serial.swap(rejected) == nil)
        #expect(rejected.isDisposed)
    }

    // MARK: ScopedDisposable

    @Test func scopedDisposesOnDeinit() {
        let inner = ActionDisposable()
        do {
            let scoped = ScopedDisposable(inner)
            #expect(!scoped.isDisposed)
        }
        #expect(inner.isDisposed)
    }

    @Test func scopedEndsASubscriptionWithItsOwner() {
        let subject = Subject<Int, Never>()
        let seen = Recorder<Int>()
        do {
            let scoped = subject.signal.subscribeNext { seen.append($0) }.scoped()
            subject.send(1)
            #expect(scoped.inner.isDisposed == false)
        }
        subject.send(2)
        #expect(seen.values == [1])
    }

    @Test func scopedDisposeIsForwarded() {
        let inner = ActionDisposable()
        let scoped = ScopedDisposable(inner)
        scoped.dispose()
        #expect(inner.isDisposed)
        #expect(scoped.isDisposed)
    }
}
