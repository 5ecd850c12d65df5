@_spi(Testing) import Signals
import HeraldTestSupport
import Synchronization
import Testing

/// `map` and `filter` fused into one stage (`MapStage`): the same events as one stage per
/// operator, in the same order, with errors, completion and disposal passing through.
@Suite(.offThePool) struct MapFilterFusionTests {
    // MARK: What fuses

    @Test func aFilterJoinsTheMapBeforeItAndAMapTakesTheFilterBeforeIt() {
        let source = Signal<Int, Never>.from(1...3)
        #expect(source.fusedStage == nil)
        #expect(source.map { $0 }.fusedStage == "map")
        #expect(source.filter { _ in true }.fusedStage == "filter")
        #expect(source.map { $0 }.filter { _ in true }.fusedStage == "map+filter")
        #expect(source.filter { _ in true }.map { $0 }.fusedStage == "filter+map")
        #expect(source.filter { _ in true }.map { $0 }.filter { _ in true }.fusedStage == "filter+map+filter")
        // A map that keeps the value type joins last.
        #expect(source.map { $0 }.map { $0 }.fusedStage == "map+map")
        #expect(source.map { $0 }.filter { _ in true }.map { $0 }.fusedStage == "map+filter+map")
        #expect(source.filter { _ in true }.map { $0 }.map { $0 }.fusedStage == "filter+map+map")
        #expect(source.filter { _ in true }.map { $0 }.filter { _ in true }.map { $0 }.fusedStage == "filter+map+filter+map")
        // A second filter after the map, a filter or a third map after the second map, and
        // a map that changes the type start a stage of their own.
        #expect(source.map { $0 }.filter { _ in true }.filter { _ in true }.fusedStage == "filter")
        #expect(source.map { $0 }.map { $0 }.filter { _ in true }.fusedStage == "filter")
        #expect(source.map { $0 }.map { $0 }.map { $0 }.fusedStage == "map")
        #expect(source.map { $0 }.map { "\($0)" }.fusedStage == "map")
        #expect(source.map { "\($0)" }.map { $0 + "!" }.fusedStage == "map+map")
        #expect(Subject<Int, Never>().signal.fusedStage == nil)
    }

    @Test func fusingLeavesTheSignalItStartedFromAsItWas() {
        let mapped = Signal<Int, Never>.from(1...6).map { $0 * 10 }
        let filtered = mapped.filter { $0 > 30 }
        #expect(mapped.fusedStage == "map")
        #expect(EventLog(mapped).rendered == ["10", "20", "30", "40", "50", "60", "completed"])
        #expect(EventLog(filtered).rendered == ["40", "50", "60", "completed"])
    }

    // MARK: Values

    /// Every chain of one to four operators out of two `map`s and two `filter`s
    /// delivers what the same steps on an array give.
    @Test func everyShortChainDeliversWhatTheArrayOperationsGive() {
        typealias Step = (name: String, signal: (Signal<Int, Never>) -> Signal<Int, Never>, array: ([Int]) -> [Int])
        let steps: [Step] = [
            ("map+1", { $0.map { $0 + 1 } }, { $0.map { $0 + 1 } }),
            ("map*3", { $0.map { $0 * 3 } }, { $0.map { $0 * 3 } }),
            ("even", { $0.filter { $0 % 2 == 0 } }, { $0.filter { $0 % 2 == 0 } }),
            ("not5", { $0.filter { $0 % 5 != 0 } }, { $0.filter { $0 % 5 != 0 } }),
        ]
        var chains: [[Step]] = steps.map { [$0] }
        for length in 2...4 {
            chains += chains.filter { $0.count == length - 1 }.flatMap { chain in steps.map { chain + [$0] } }
        }
        #expect(chains.count == 4 + 16 + 64 + 256)
        for chain in chains {
            let signal = chain.reduce(Signal<Int, Never>.from(1...30)) { $1.signal($0) }
            let expected = chain.reduce(Array(1...30)) { $1.array($0) }
            let log = EventLog(signal)
            #expect(log.values == expected, "\(chain.map(\.name).joined(separator: " → "))")
            #expect(log.isCompleted)
        }
    }

    @Test func mapsChangeTheTypeAcrossAFusedStage() {
        let words = Signal<Int, Never>.from(1...12)
            .filter { $0 % 3 != 0 }
            .map { String(repeating: "a", count: $0) }
            .filter { $0.count > 4 }
            .map { $0.count }
            .filter { $0 % 2 == 0 }
            .map { "\($0)!" }
        #expect(EventLog(words).rendered == ["8!", "10!", "completed"])
    }

    @Test func eachClosureRunsOnceForEachValueThatReachesIt() {
        let (before, transform, after, last) = (Counter(), Counter(), Counter(), Counter())
        let signal = Signal<Int, Never>.from(1...10)
            .filter { before.increment(); return $0 % 2 == 0 }
            .map { transform.increment(); return $0 * 3 }
            .filter { after.increment(); return $0 > 12 }
            .map { last.increment(); return $0 + 1 }
        #expect(signal.fusedStage == "filter+map+filter+map")
        #expect(EventLog(signal).values == [19, 25, 31])
        #expect((before.current, transform.current, after.current, last.current) == (10, 5, 5, 3))
    }

    @Test func boolMapsAndFiltersFuseInTheirOrder() {
        // With `Bool` values a filter and a map take closures of the same type.
        let flags = Signal<Bool, Never>.from([true, false, true, false])
            .map { !$0 }
            .filter { $0 }
            .map { !$0 }
        #expect(flags.fusedStage == "map+filter+map")
        #expect(EventLog(flags).rendered == ["false", "false", "completed"])
    }

    @Test func stringMapsFuseAndAMapThatChangesTheTypeAfterThemStartsAStage() {
        let words = Signal<String, Never>.from(["  Herald ", "", " signals", "   "])
            .map { $0.filter { $0 != " " } }
            .filter { !$0.isEmpty }
            .map { $0.uppercased() }
        #expect(words.fusedStage == "map+filter+map")
        let lengths = words.map { $0.count }
        #expect(lengths.fusedStage == "map")
        #expect(EventLog(words).rendered == ["HERALD", "SIGNALS", "completed"])
        #expect(EventLog(lengths).values == [6, 7])
    }

    // MARK: Errors and completion

    @Test func anErrorPassesThroughAFusedStageAfterTheValues() {
        let probe = Probe<Int, TestError>()
        let log = EventLog(probe.signal.filter { $0 != 2 }.map { $0 * 10 }.filter { $0 < 40 })
        for value in 1...4 { probe.send(value) }
        probe.send(error: TestError("late"))
        probe.send(5)
        #expect(log.rendered == ["10", "30", "error(late)"])
        #expect(!probe.isSubscribed)
    }

    @Test func completionPassesThroughAFusedStageEvenWhenEveryValueIsDropped() {
        let probe = Probe<Int, TestError>()
        let log = EventLog(probe.signal.map { $0 + 1 }.filter { _ in false })
        probe.send(1)
        probe.sendCompleted()
        #expect(log.rendered == ["completed"])
        #expect(!probe.isSubscribed)
    }

    // MARK: Disposal

    @Test func takeStopsASynchronousSourceThroughAFusedStage() {
        let source = CountingSource(limit: 1_000)
        let chain = source.signal.filter { $0 % 2 == 0 }.map { $0 * 10 }.filter { $0 % 20 == 0 }.map { $0 / 10 }
        #expect(EventLog(chain.take(3)).rendered == ["2", "4", "6", "completed"])
        #expect(source.produced.current == 6)
        #expect(source.disposals.current == 1)
    }

    @Test func disposingInsideAFilterStopsTheValueBeforeTheNextClosure() {
        let subject = Subject<Int, Never>()
        let subscription = SerialDisposable()
        let transformed = Recorder<Int>()
        let seen = Recorder<Int>()
        subscription.inner = subject.signal
            .filter { value in
                if value == 2 { subscription.dispose() }
                return true
            }
            .map { value in transformed.append(value); return value }
            .subscribeNext { seen.append($0) }
        for value in 1...3 { subject.send(value) }
        #expect(transformed.values == [1])
        #expect(seen.values == [1])
    }

    @Test func disposingInsideAMapStopsTheValueBeforeTheFilterAfterIt() {
        let probe = Probe<Int, Never>()
        let subscription = SerialDisposable()
        let tested = Recorder<Int>()
        let seen = Recorder<Int>()
        subscription.inner = probe.signal
            .map { value in
                if value == 2 { subscription.dispose() }
                return value
            }
            .filter { tested.append($0); return true }
            .subscribeNext { seen.append($0) }
        for value in 1...3 { probe.send(value) }
        #expect(tested.values == [1])
        #expect(seen.values == [1])
        #expect(!probe.isSubscribed)
    }

    @Test func disposingInsideAFilterStopsTheValueBeforeTheFusedSecondMap() {
        let probe = Probe<Int, Never>()
        let subscription = SerialDisposable()
        let mapped = Recorder<Int>()
        let seen = Recorder<Int>()
        let chain = probe.signal
            .map { $0 * 2 }
            .filter { value in
                if value == 4 { subscription.dispose() }
                return true
            }
            .map { value in mapped.append(value); return value + 1 }
        #expect(chain.fusedStage == "map+filter+map")
        subscription.inner = chain.subscribeNext { seen.append($0) }
        for value in 1...3 { probe.send(value) }
        #expect(mapped.values == [2])
        #expect(seen.values == [3])
        #expect(!probe.isSubscribed)
    }

    @Test func disposingInsideTheFirstMapStopsTheValueBeforeTheSecond() {
        let probe = Probe<Int, Never>()
        let subscription = SerialDisposable()
        let mapped = Recorder<Int>()
        let seen = Recorder<Int>()
        let chain = probe.signal
            .map { value in
                if value == 2 { subscription.dispose() }
                return value
            }
            .map { value in mapped.append(value); return value }
        #expect(chain.fusedStage == "map+map")
        subscription.inner = chain.subscribeNext { seen.append($0) }
        for value in 1...3 { probe.send(value) }
        #expect(mapped.values == [1])
        #expect(seen.values == [1])
        #expect(!probe.isSubscribed)
    }

    @Test func disposingInsideTheSecondMapStopsTheValueBeforeTheSubscriber() {
        let probe = Probe<Int, Never>()
        let subscription = SerialDisposable()
        let seen = Recorder<Int>()
        let chain = probe.signal
            .filter { _ in true }
            .map { $0 }
            .map { value in
                if value == 2 { subscription.dispose() }
                return value
            }
        #expect(chain.fusedStage == "filter+map+map")
        subscription.inner = chain.subscribeNext { seen.append($0) }
        for value in 1...3 { probe.send(value) }
        #expect(seen.values == [1])
        #expect(!probe.isSubscribed)
    }

    @Test func disposingAFusedChainLeavesTheSourceAndReleasesItsClosures() {
        let probe = Probe<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked)
        let seen = Recorder<Int>()
        var chain: Signal<Int, Never>? = probe.signal
            .filter { [tracked] _ in _ = tracked; return true }
            .map { [tracked] value in _ = tracked; return value * 2 }
            .filter { [tracked] _ in _ = tracked; return true }
            .map { [tracked] value in _ = tracked; return value + 1 }
        #expect(chain?.fusedStage == "filter+map+filter+map")
        let subscription = chain!.subscribeNext { seen.append($0) }
        tracked = nil
        chain = nil
        probe.send(1)
        #expect(!weak.isReleased)
        subscription.dispose()
        probe.send(2)
        #expect(seen.values == [3])
        #expect(!probe.isSubscribed)
        #expect(weak.isReleased)
    }

    // MARK: Subscriptions

    @Test func eachSubscriptionToAFusedSignalIsIndependent() {
        let probe = Probe<Int, Never>()
        let chain = probe.signal.map { $0 * 2 }.filter { $0 != 4 }
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let firstSubscription = chain.subscribeNext { first.append($0) }
        probe.send(1)
        let secondSubscription = chain.subscribeNext { second.append($0) }
        probe.send(2)
        probe.send(3)
        firstSubscription.dispose()
        probe.send(4)
        #expect(first.values == [2, 6])
        #expect(second.values == [6, 8])
        #expect(probe.subscriptions.current == 2)
        #expect(probe.disposals.current == 1)
        secondSubscription.dispose()
        #expect(!probe.isSubscribed)
    }

    @Test func coldFusedSignalRunsItsSourceOncePerSubscription() {
        let source = CountingSource(limit: 5)
        let chain = source.signal.map { $0 * $0 }.filter { $0 > 4 }
        #expect(EventLog(chain).values == [9, 16, 25])
        #expect(EventLog(chain).values == [9, 16, 25])
        #expect(source.produced.current == 10)
        #expect(source.disposals.current == 2)
    }

    // MARK: Threads

    @Test func concurrentSendsThroughAFusedStageArriveOnceInOrderAndSerialized() {
        let senders = 4
        let perSender = 20_000
        let subject = Subject<Int, Never>()
        let tally = OrderedTally(senders: senders, stride: perSender)
        let detector = OverlapDetector()
        let dropped = Counter()
        let chain = subject.signal
            .filter { value in
                guard value >= 0 else { dropped.increment(); return false }
                return true
            }
            .map { $0 }
            .filter { _ in true }
            .map { $0 }
        #expect(chain.fusedStage == "filter+map+filter+map")
        let subscription = chain.subscribeNext { value in detector.run { tally.record(value) } }
        onThreads(senders) { sender in
            for index in 0..<perSender {
                subject.send(sender * perSender + index)
                subject.send(-1)
            }
        }
        subscription.dispose()
        #expect(tally.count == senders * perSender)
        #expect(tally.sum == expectedSum(senders: senders, perSender: perSender, stride: perSender))
        #expect(tally.outOfOrder == 0)
        #expect(dropped.current == senders * perSender)
        #expect(detector.overlapCount == 0)
    }

    @Test func subscriptionsToOneFusedSignalFromManyThreadsStayApart() {
        let probe = Probe<Int, Never>()
        let chain = probe.signal.filter { $0 % 2 == 0 }.map { $0 / 2 }.filter { $0 >= 0 }.map { $0 + 1 }
        #expect(chain.fusedStage == "filter+map+filter+map")
        let stop = Atomic<Bool>(false)
        let mismatches = Counter()
        onThreads(4) { thread in
            if thread == 0 {
                var value = 0
                while !stop.load(ordering: .acquiring) {
                    probe.send(value)
                    value &+= 1
                }
                return
            }
            for _ in 0..<2_000 {
                let seen = Recorder<Int>()
                let subscription = chain.subscribeNext { seen.append($0) }
                subscription.dispose()
                let values = seen.values
                if values != values.sorted() || Set(values).count != values.count { mismatches.increment() }
            }
            if thread == 1 { stop.store(true, ordering: .releasing) }
        }
        #expect(mismatches.current == 0)
        #expect(probe.subscriptions.current == 6_000)
        #expect(!probe.isSubscribed)
    }
}
