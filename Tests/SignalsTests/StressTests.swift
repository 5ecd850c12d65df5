import HeraldTestSupport
import Signals
import Synchronization
import Testing

/// Many threads at once: nothing lost, duplicated, reordered or overlapped, and nothing new after dispose.
@Suite(.offThePool) struct StressTests {
    // MARK: (a) concurrent sends into one subject

    @Test func concurrentSendsReachEverySubscriberExactlyOnceAndSerialized() {
        let senders = 8
        #if DEBUG
        let perSender = 25_000  // 100k takes ~40 s unoptimized
        #else
        let perSender = 100_000
        #endif
        let subject = Subject<Int, Never>()
        let tallies = (0..<3).map { _ in OrderedTally(senders: senders, stride: perSender) }
        let detectors = (0..<3).map { _ in OverlapDetector() }
        for (tally, detector) in zip(tallies, detectors) {
            subject.signal.subscribeNext { value in detector.run { tally.record(value) } }
        }
        onThreads(senders) { sender in
            for index in 0..<perSender { subject.send(sender * perSender + index) }
        }
        let sum = expectedSum(senders: senders, perSender: perSender, stride: perSender)
        for (tally, detector) in zip(tallies, detectors) {
            #expect(tally.count == senders * perSender)
            #expect(tally.sum == sum)
            #expect(tally.outOfOrder == 0)
            #expect(tally.perSender == Array(repeating: perSender, count: senders))
            #expect(detector.overlapCount == 0)
        }
    }

    @Test func concurrentSendsAndCompletionDeliverOneTerminalEventLast() {
        for _ in 0..<100 {
            let subject = Subject<Int, Never>()
            let events = Recorder<String>()
            let detector = OverlapDetector()
            subject.signal.subscribe(
                next: { _ in detector.run { events.append("next") } },
                completed: { detector.run { events.append("completed") } }
            )
            onThreads(4) { thread in
                for _ in 0..<200 { subject.send(thread) }
                subject.sendCompleted()
            }
            let recorded = events.values
            #expect(recorded.last == "completed")
            #expect(recorded.count { $0 == "completed" } == 1)
            #expect(detector.overlapCount == 0)
        }
    }

    // MARK: (b) subscribe/dispose races

    // The guarantee: once `dispose()` returns, no new delivery starts. A delivery another
    // thread had already begun may still finish, and since a subject delivers one event at a
    // time, that is at most one event per subscription.

    @Test func disposeStopsDeliveryAtOnceButForAnEventAlreadyInFlight() {
        let subject = Subject<Int, Never>()
        let delivered = Atomic<Int>(0)
        let cyclesDone = Atomic<Int>(0)
        let subscriberThreads = 2
        let cycles = 20_000
        let lateCounts = Mutex<[Counter]>([])
        onThreads(2 + subscriberThreads) { thread in
            if thread < 2 {
                var value = 0
                while cyclesDone.load(ordering: .acquiring) < subscriberThreads {
                    subject.send(value)
                    value += 1
                }
                return
            }
            // At least `cycles`, and on until some event landed inside a subscription: on a
            // loaded machine the senders may not run during the first ones, or the first
            // hundred thousand (seen at a load of 20 on 2 cores). Two minutes bound it.
            var cycle = 0
            let deadline = ContinuousClock.now + .seconds(120)
            while cycle < cycles || (delivered.load(ordering: .relaxed) == 0 && ContinuousClock.now < deadline) {
                let disposed = Atomic<Bool>(false)
                let late = Counter()
                let subscription = subject.signal.subscribeNext { _ in
                    delivered.add(1, ordering: .relaxed)
                    if disposed.load(ordering: .acquiring) { late.increment() }
                }
                subscription.dispose()
                disposed.store(true, ordering: .releasing)
                lateCounts.withLock { $0.append(late) }
                cycle += 1
            }
            cyclesDone.add(1, ordering: .releasing)
        }
        let counts = lateCounts.withLock { $0.map(\.current) }
        #expect(counts.count >= subscriberThreads * cycles)
        #expect(counts.allSatisfy { $0 <= 1 }, "a subscription got \(counts.max() ?? 0) events after dispose()")
        #expect(delivered.load(ordering: .relaxed) > 0)
    }

    @Test func disposeStopsDeliveryThroughAnOperatorChainButForAnEventAlreadyInFlight() {
        let subject = Subject<Int, Never>()
        let cyclesDone = Atomic<Bool>(false)
        let lateCounts = Mutex<[Counter]>([])
        let chain = subject.signal.map { $0 + 1 }.filter { $0 > 0 }
        onThreads(3) { thread in
            if thread < 2 {
                while !cyclesDone.load(ordering: .acquiring) { subject.send(thread) }
                return
            }
            for _ in 0..<20_000 {
                let disposed = Atomic<Bool>(false)
                let late = Counter()
                let subscription = chain.subscribeNext { _ in
                    if disposed.load(ordering: .acquiring) { late.increment() }
                }
                subscription.dispose()
                disposed.store(true, ordering: .releasing)
                lateCounts.withLock { $0.append(late) }
            }
            cyclesDone.store(true, ordering: .releasing)
        }
        let counts = lateCounts.withLock { $0.map(\.current) }
        #expect(counts.count == 20_000)
        #expect(counts.allSatisfy { $0 <= 1 }, "a subscription got \(counts.max() ?? 0) events after dispose()")
    }

    @Test func subscribersStayingThroughTheRaceMissNothing() {
        let subject = Subject<Int, Never>()
        let steady = OrderedTally(senders: 2, stride: 1_000_000)
        subject.signal.subscribeNext { steady.record($0) }
        let perSender = 50_000
        onThreads(4) { thread in
            if thread < 2 {
                for index in 0..<perSender { subject.send(thread * 1_000_000 + index) }
            } else {
                for _ in 0..<5_000 { subject.signal.subscribeNext { _ in }.dispose() }
            }
        }
        #expect(steady.count == 2 * perSender)
        #expect(steady.outOfOrder == 0)
    }

    // MARK: (c) replay while sending

    @Test func replaySubscribersJoiningDuringSendsSeeAGaplessSequence() {
        let count = 20_000
        let subject = ReplaySubject<Int, Never>()
        let joiners = 200
        let logs = Mutex<[Recorder<Int>]>([])
        onThreads(2) { thread in
            if thread == 0 {
                for value in 0..<count { subject.send(value) }
                subject.sendCompleted()
            } else {
                for _ in 0..<joiners {
                    let seen = Recorder<Int>()
                    subject.signal.subscribeNext { seen.append($0) }
                    logs.withLock { $0.append(seen) }
                }
            }
        }
        let all = logs.withLock { $0 }
        #expect(all.count == joiners)
        #expect(all.filter { $0.values != Array(0..<count) }.isEmpty)
    }

    @Test func boundedReplaySubscribersSeeAContiguousDuplicateFreeRun() {
        let count = 20_000
        let capacity = 16
        let subject = ReplaySubject<Int, Never>(capacity: capacity)
        let logs = Mutex<[Recorder<Int>]>([])
        onThreads(2) { thread in
            if thread == 0 {
                for value in 0..<count { subject.send(value) }
                subject.sendCompleted()
            } else {
                for _ in 0..<200 {
                    let seen = Recorder<Int>()
                    subject.signal.subscribeNext { seen.append($0) }
                    logs.withLock { $0.append(seen) }
                }
            }
        }
        for seen in logs.withLock({ $0 }) {
            let values = seen.values
            guard let first = values.first else { continue }
            #expect(values == Array(first..<count))
            #expect(first == 0 || count - first >= capacity)
        }
    }

    // MARK: (d) merging signals that send from several threads

    @Test func mergeOfThreadedSignalsIsExactAndSerialized() {
        let sources = 4
        let perSource = 50_000
        let subjects = (0..<sources).map { _ in Subject<Int, Never>() }
        let tally = OrderedTally(senders: sources, stride: perSource)
        let detector = OverlapDetector()
        let completions = Counter()
        Signal.merge(subjects.map(\.signal)).subscribe(
            next: { value in detector.run { tally.record(value) } },
            completed: { completions.increment() }
        )
        onThreads(sources) { source in
            for index in 0..<perSource { subjects[source].send(source * perSource + index) }
            subjects[source].sendCompleted()
        }
        #expect(tally.count == sources * perSource)
        #expect(tally.sum == expectedSum(senders: sources, perSender: perSource, stride: perSource))
        #expect(tally.outOfOrder == 0)
        #expect(detector.overlapCount == 0)
        #expect(completions.current == 1)
    }

    @Test func flattenMapOfThreadedInnerSignalsIsExactAndSerialized() {
        let sources = 4
        let perSource = 50_000
        let subjects = (0..<sources).map { _ in Subject<Int, Never>() }
        let tally = OrderedTally(senders: sources, stride: perSource)
        let detector = OverlapDetector()
        let completions = Counter()
        Signal<Int, Never>.from(0..<sources)
            .flattenMap { index in subjects[index].signal.map { index * perSource + $0 } }
            .subscribe(
                next: { value in detector.run { tally.record(value) } },
                completed: { completions.increment() }
            )
        onThreads(sources) { source in
            for index in 0..<perSource { subjects[source].send(index) }
            subjects[source].sendCompleted()
        }
        #expect(tally.count == sources * perSource)
        #expect(tally.sum == expectedSum(senders: sources, perSender: perSource, stride: perSource))
        #expect(tally.outOfOrder == 0)
        #expect(detector.overlapCount == 0)
        #expect(completions.current == 1)
    }
}
