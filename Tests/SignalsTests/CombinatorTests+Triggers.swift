import Signals
import Testing

/// takeUntil and sample.
extension CombinatorTests {
    // MARK: takeUntil

    @Test func takeUntilForwardsUntilTheTriggerSends() {
        let source = Probe<Int, TestError>()
        let trigger = Probe<String, Never>()
        let log = EventLog(source.signal.takeUntil(trigger.signal))
        source.send(1)
        source.send(2)
        trigger.send("stop")
        source.send(3)
        #expect(log.rendered == ["1", "2", "completed"])
        #expect(!source.isSubscribed && !trigger.isSubscribed)
    }

    @Test func takeUntilCompletesWhenTheTriggerCompletesAndIgnoresItsError() {
        let source = Probe<Int, Never>()
        let completing = Probe<Int, Never>()
        let completed = EventLog(source.signal.takeUntil(completing.signal))
        completing.sendCompleted()
        #expect(completed.rendered == ["completed"])
        #expect(!source.isSubscribed)

        let failing = Probe<Int, TestError>()
        let ignoresError = EventLog(source.signal.takeUntil(failing.signal))
        failing.send(error: TestError())
        source.send(7)
        #expect(ignoresError.rendered == ["7"])
    }

    @Test func takeUntilPassesTheSourcesEventsAndDisposesTheTrigger() {
        let source = Probe<Int, TestError>()
        let trigger = Probe<Int, Never>()
        let log = EventLog(source.signal.takeUntil(trigger.signal))
        source.send(1)
        source.send(error: TestError())
        #expect(log.rendered == ["1", "error(boom)"])
        #expect(!trigger.isSubscribed)

        let completes = EventLog(Signal<Int, Never>.from([1, 2]).takeUntil(trigger.signal))
        #expect(completes.rendered == ["1", "2", "completed"])
        #expect(!trigger.isSubscribed)
    }

    @Test func takeUntilAnImmediateTriggerNeverSubscribesTheSource() {
        let source = CountingSource()
        let log = EventLog(source.signal.takeUntil(Signal<Int, Never>.just(0)))
        #expect(log.rendered == ["completed"])
        #expect(source.produced.current == 0)
    }

    @Test func disposingTakeUntilDisposesSourceAndTrigger() {
        let source = Probe<Int, Never>()
        let trigger = Probe<Int, Never>()
        let log = EventLog(source.signal.takeUntil(trigger.signal))
        log.disposable.dispose()
        #expect(!source.isSubscribed && !trigger.isSubscribed)
    }

    // MARK: sample

    @Test func sampleSendsTheLatestValueOnEachSamplerValue() {
        let source = Probe<String, TestError>()
        let sampler = Probe<Void, Never>()
        let log = EventLog(source.signal.sample(sampler.signal))
        sampler.send(())
        source.send("A")
        source.send("B")
        sampler.send(())
        sampler.send(())
        source.send("C")
        sampler.send(())
        #expect(log.rendered == ["B", "B", "C"])
    }

    @Test func sampleCompletesWhenEitherSignalCompletes() {
        let source = Probe<String, Never>()
        let sampler = Probe<Void, Never>()
        let bySource = EventLog(source.signal.sample(sampler.signal))
        source.send("A")
        source.sendCompleted()
        #expect(bySource.rendered == ["completed"])
        #expect(!sampler.isSubscribed)

        let source2 = Probe<String, Never>()
        let bySampler = EventLog(source2.signal.sample(sampler.signal))
        sampler.sendCompleted()
        #expect(bySampler.rendered == ["completed"])
        #expect(!source2.isSubscribed)
    }

    @Test func sampleFailsWithTheSourcesError() {
        let source = Probe<String, TestError>()
        let sampler = Probe<Void, Never>()
        let log = EventLog(source.signal.sample(sampler.signal))
        source.send(error: TestError())
        #expect(log.rendered == ["error(boom)"])
        #expect(!sampler.isSubscribed)
    }

    @Test func disposingSampleDisposesBoth() {
        let source = Probe<String, Never>()
        let sampler = Probe<Void, Never>()
        let log = EventLog(source.signal.sample(sampler.signal))
        log.disposable.dispose()
        #expect(!source.isSubscribed && !sampler.isSubscribed)
    }
}
