import Signals
import Testing

/// Every operator hands its upstream subscription to its subscriber before starting it, so a
/// `take` further down stops an endless source that sends synchronously (instead of hanging).
extension CombinatorTests {
    static let operatorsOverEndlessSources: [(String, @Sendable (Signal<Int, Never>) -> Signal<Int, Never>)] = [
        ("map", { $0.map { $0 } }),
        ("filter", { $0.filter { _ in true } }),
        ("doNext", { $0.doNext { _ in } }),
        ("scan", { $0.scan(0) { _, value in value } }),
        ("takeUntil", { $0.takeUntil(Signal<Int, Never>.never()) }),
        ("timeout", { $0.timeout(after: 60, on: TestScheduler()).catch { _ in .empty() } }),
        ("deliverOn", { $0.deliverOn(ImmediateScheduler.shared) }),
        ("switchToLatest", { source in Signal.just(source).switchToLatest() }),
        ("concat", { Signal<Int, Never>.empty().concat($0) }),
        ("then", { source in Signal<Int, Never>.empty().then { source } }),
        ("catch", { source in Signal<Int, TestError>.fail(TestError()).catch { _ in source } }),
        ("retry", { $0.retry(1) }),
        ("flattenMap", { source in Signal.just(0).flattenMap { _ in source } }),
        ("merge", { source in Signal.merge([source, .never()]) }),
    ]

    @Test(arguments: operatorsOverEndlessSources.indices)
    func takeStopsAnEndlessSynchronousSourceThrough(_ index: Int) {
        let (name, apply) = Self.operatorsOverEndlessSources[index]
        let pulled = Counter()
        let naturals = LazyList(state: 0) { n in
            pulled.increment()
            return (n, n + 1)
        }
        let log = EventLog(apply(naturals.signal).take(3))
        #expect(log.rendered == ["0", "1", "2", "completed"], "through \(name)")
        #expect(pulled.current == 3, "through \(name)")
    }
}
