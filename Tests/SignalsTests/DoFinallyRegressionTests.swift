import Signals
import Testing

/// `doFinally` used to re-subscribe its downstream observer, which dropped the upstream
/// disposable: disposing never cancelled the upstream work.
@Suite struct DoFinallyRegressionTests {
    @Test func disposingCancelsTheUpstreamAndRunsTheActionOnce() {
        let source = ProbedSource<Int>()
        let finally = Counter()
        let log = EventLog(source.signal.doFinally { finally.increment() })
        log.disposable.dispose()
        log.disposable.dispose()
        source.input.send(1)
        #expect(source.disposals.current == 1)
        #expect(finally.current == 1)
        #expect(log.rendered.isEmpty)
    }

    @Test func completionRunsTheActionAfterTheSubscriberSawIt() {
        let order = Recorder<String>()
        Signal<Int, Never>.just(1)
            .doFinally { order.append("finally") }
            .subscribe(next: { order.append("\($0)") }, completed: { order.append("completed") })
        #expect(order.values == ["1", "completed", "finally"])
    }
}
