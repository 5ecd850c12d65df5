import Signals
import Synchronization
import Testing

/// A subject released while subscriptions to it are still held: a subscription made with
/// closures does not keep the subject, and disposing it afterwards does nothing.
@Suite struct SubjectReleaseTests {
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

    /// Threads dispose subscriptions while another releases the subject's last reference
    /// (or completes it first): the subject must wait for removals under way, and a
    /// disposal after it is gone must not reach it.
    @Test func disposingWhileTheSubjectIsReleasedOnAnotherThread() {
        for round in 0..<300 {
            let box = SubjectBox(Subject<Int, Never>())
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
        }
    }
}

/// Holds a subject until one thread releases it.
private final class SubjectBox: @unchecked Sendable {
    private(set) var subject: Subject<Int, Never>?
    init(_ subject: Subject<Int, Never>) { self.subject = subject }
    func release() { subject = nil }
}
