import HeraldTestSupport
@testable import Signals
import Synchronization
import Testing

/// A subject released while subscriptions to it are still held: a subscription made with
/// closures does not keep the subject, and disposing it afterwards does nothing. Its link
/// (`SubjectLink`) lives until the last lifetime holding it has left, and not longer.
@Suite(.offThePool) struct SubjectReleaseTests {
    @Test func releasedSubjectReleasesItsSubscribersClosuresAndLaterDisposalDoesNothing() {
        var subject: Subject<Int, Never>? = Subject()
        var tracked: Tracked? = Tracked()
        let weakTracked = WeakRef(tracked)
        let weakSubject = WeakRef(subject)
        let subscription = subject!.signal.subscribeNext { [tracked] _ in _ = tracked }
        tracked = nil
        subject!.send(1)
        subject = nil
        #expect(weakSubject.isReleased)
        #expect(weakTracked.isReleased, "the subscription kept its subject's list alive")
        #expect(!subscription.isDisposed)
        subscription.dispose()
        subscription.dispose()
        #expect(subscription.isDisposed)
    }

    @Test func releasedReplaySubjectReleasesItsSubscribersClosures() {
        var subject: ReplaySubject<Int, Never>? = ReplaySubject(capacity: 2)
        var tracked: Tracked? = Tracked()
        let weakTracked = WeakRef(tracked)
        subject!.send(1)
        let subscription = subject!.signal.subscribeNext { [tracked] _ in _ = tracked }
        tracked = nil
        subject = nil
        #expect(weakTracked.isReleased, "the subscription kept its subject's list alive")
        subscription.dispose()
        #expect(subscription.isDisposed)
    }

    @Test func completedSubscriptionDisposedAfterItsSubjectIsGoneDoesNothing() {
        var subject: Subject<Int, Never>? = Subject()
        let completions = Recorder<Int>()
        let subscription = subject!.signal.subscribe(completed: { completions.append(1) })
        subject!.sendCompleted()
        subject = nil
        subscription.dispose()
        #expect(completions.values == [1])
        #expect(subscription.isDisposed)
    }

    @Test func subscriberThatHoldsItsSubjectReleasesItOnDispose() {
        var subject: Subject<Int, Never>? = Subject()
        let weakSubject = WeakRef(subject)
        let subscription = subject!.signal.subscribeNext { [subject] _ in _ = subject }
        subject = nil
        #expect(!weakSubject.isReleased)
        subscription.dispose()
        #expect(weakSubject.isReleased)
    }

    @Test func theLinkOutlivesItsSubjectUntilTheLastSubscriptionLeaves() {
        var subject: Subject<Int, Never>? = Subject()
        let weakLink = WeakRef(subject!.core.link)
        let first = subject!.signal.subscribeNext { _ in }
        let second = subject!.signal.subscribeNext { _ in }
        subject = nil
        #expect(!weakLink.isReleased, "subscriptions still hold the link")
        first.dispose()
        #expect(!weakLink.isReleased)
        second.dispose()
        #expect(weakLink.isReleased, "the last subscription to leave did not release the link")
    }

    @Test func aSubscriptionDroppedWithoutDisposingGivesUpItsHoldOnTheLink() {
        var subject: Subject<Int, Never>? = Subject()
        let weakLink = WeakRef(subject!.core.link)
        var subscription: (any Disposable)? = subject!.signal.subscribeNext { _ in }
        subject = nil
        #expect(!weakLink.isReleased)
        subscription = nil
        _ = subscription
        #expect(weakLink.isReleased, "a freed lifetime kept its count")
    }

    @Test func aSubjectWhoseSubscriptionsAllLeftTakesItsLinkWithIt() {
        var subject: ReplaySubject<Int, Never>? = ReplaySubject(capacity: 1)
        let weakLink = WeakRef(subject!.core.link)
        subject!.send(1)
        subject!.signal.subscribeNext { _ in }.dispose()
        subject!.sendCompleted()
        _ = subject!.signal.subscribeNext { _ in }
        subject = nil
        #expect(weakLink.isReleased)
    }

    /// Threads dispose subscriptions while another releases the subject's last reference
    /// (or completes it first): a disposal under way must find the link alive, and the
    /// link must go once the last of them has left.
    @Test func disposingWhileTheSubjectIsReleasedOnAnotherThread() {
        for round in 0..<300 {
            let box = SubjectBox(Subject<Int, Never>())
            let weakLink = WeakRef(box.subject!.core.link)
            let live = Atomic<Int>(0)
            let subscriptions = (0..<4).map { _ in
                box.subject!.signal.subscribeNext { _ in live.add(1, ordering: .relaxed) }
            }
            let ready = Atomic<Int>(0)
            onThreads(5) { thread in
                ready.add(1, ordering: .relaxed)
                while ready.load(ordering: .relaxed) < 5 {}
                if thread == 4 {
                    if round & 1 == 0 { box.subject!.sendCompleted() }
                    box.release()
                } else {
                    subscriptions[thread].dispose()
                    subscriptions[thread].dispose()
                }
            }
            for subscription in subscriptions { #expect(subscription.isDisposed) }
            #expect(live.load(ordering: .relaxed) == 0)
            #expect(weakLink.isReleased)
        }
    }
}

/// Holds a subject until one thread releases it.
private final class SubjectBox: @unchecked Sendable {
    private(set) var subject: Subject<Int, Never>?
    init(_ subject: Subject<Int, Never>) { self.subject = subject }
    func release() { subject = nil }
}
