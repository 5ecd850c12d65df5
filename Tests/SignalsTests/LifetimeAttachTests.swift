import Signals
import Testing

/// A start handler that subscribes its own observer to another signal (as `doFinally` does)
/// attaches two disposables to one subscription; disposing must end both.
@Suite struct LifetimeAttachTests {
    @Test func doFinallyDisposesTheUpstreamWork() {
        let upstream = ActionDisposable()
        let finally = Counter()
        let signal = Signal<Int, Never> { _ in upstream }.doFinally { finally.increment() }
        signal.subscribeNext { _ in }.dispose()
        #expect(finally.current == 1)
        #expect(upstream.isDisposed)
    }

    @Test func forwardingTheObserverKeepsBothDisposables() {
        let inner = ActionDisposable()
        let outer = ActionDisposable()
        let source = Signal<Int, Never> { _ in inner }
        let forwarding = Signal<Int, Never> { observer in
            source.subscribe(observer)
            return outer
        }
        forwarding.subscribeNext { _ in }.dispose()
        #expect(inner.isDisposed)
        #expect(outer.isDisposed)
    }
}
