import HeraldTestSupport
import Signals
import Synchronization
import Testing

/// LazyList: laziness, memoization, access, errors, stream operators, and signals.
@Suite(.offThePool) struct LazyListTests {
    /// 0, 1, 2, … counting how many elements were computed.
    private func naturals(_ computed: Counter) -> LazyList<Int> {
        LazyList(state: 0) { n in
            computed.increment()
            return (n, n + 1)
        }
    }

    // MARK: Laziness and memoization

    @Test func nothingIsEvaluatedUntilRead() {
        let computed = Counter()
        let list = naturals(computed).map { $0 * 2 }.filter { $0 > 0 }
        #expect(computed.current == 0)
        #expect(list.head == 2)
        #expect(computed.current == 2)
    }

    @Test func infiniteListsWithTake() {
        let computed = Counter()
        #expect(naturals(computed).take(5).array == [0, 1, 2, 3, 4])
        #expect(computed.current == 5)
        #expect(naturals(Counter()).map { $0 * $0 }.take(3).array == [0, 1, 4])
    }

    @Test func eachElementIsEvaluatedOnceAcrossWalks() {
        let computed = Counter()
        let mapped = Counter()
        let list = naturals(computed).take(100).map { value in
            mapped.increment()
            return value
        }
        #expect(list.array == Array(0..<100))
        #expect(list.array == Array(0..<100))
        #expect(Array(list.dropFirst(50)) == Array(50..<100))
        #expect(computed.current == 100)
        #expect(mapped.current == 100)
    }

    @Test func eachElementIsEvaluatedOnceFromFourThreads() {
        for _ in 0..<20 {
            let computed = Counter()
            let list = naturals(computed).take(2_000).map { $0 + 1 }
            let results = Mutex<[[Int]]>([])
            onThreads(4) { _ in
                let walked = list.array
                results.withLock { $0.append(walked) }
            }
            #expect(results.withLock { $0 } == Array(repeating: Array(1...2_000), count: 4))
            #expect(computed.current == 2_000)
        }
    }

    // MARK: Access

    @Test func headTailIsEmptyArrayUncons() {
        let list = [1, 2, 3].lazyList
        #expect(list.head == 1)
        #expect(list.tail.array == [2, 3])
        #expect(!list.isEmpty)
        #expect(list.array == [1, 2, 3])
        #expect(list.uncons?.head == 1)
        #expect(list.uncons?.tail.head == 2)
        let empty = LazyList<Int>.empty()
        #expect(empty.isEmpty)
        #expect(empty.head == nil)
        #expect(empty.uncons == nil)
        #expect(empty.tail.isEmpty)
        #expect(LazyList(head: 7, tail: .empty()).array == [7])
    }

    @Test func firstAndElementAt() throws {
        let list = ["a", "b", "c"].lazyList
        #expect(try list.first() == "a")
        #expect(try list.element(at: 2) == "c")
        #expect(try naturals(Counter()).element(at: 1_000) == 1_000)
    }

    @Test func firstOfAnEmptyListThrows() {
        #expect(throws: LazyListError.self) { try LazyList<Int>.empty().first() }
        do {
            _ = try LazyList<Int>.empty().first()
        } catch {
            #expect(error.code == .empty)
            #expect(error.message == "first() was called on an empty LazyList")
        }
    }

    @Test func elementPastTheEndThrows() {
        do {
            _ = try [1, 2].lazyList.element(at: 5)
            Issue.record("element(at: 5) did not throw")
        } catch {
            #expect(error.code == .indexOutOfRange)
            #expect(error.message == "element(at: 5): the list has only 2 elements")
            #expect(error.description == "LazyListError.indexOutOfRange: element(at: 5): the list has only 2 elements")
        }
        do {
            _ = try [1, 2].lazyList.element(at: -1)
            Issue.record("element(at: -1) did not throw")
        } catch {
            #expect(error.code == .indexOutOfRange)
            #expect(error.message == "element(at: -1): the index must not be negative")
        }
    }

    @Test func sequenceLazyListPullsLazily() {
        let pulled = Counter()
        let source = AnyIteratorSequence(pulled: pulled, count: 10)
        let list = source.lazyList
        #expect(pulled.current == 0)
        #expect(list.head == 0)
        #expect(pulled.current == 1)
        #expect(list.take(3).array == [0, 1, 2])
        #expect(pulled.current == 3)
        #expect(list.array == Array(0..<10))
        #expect(list.array == Array(0..<10))
        #expect(pulled.current == 10)
    }

    // MARK: Stream operators

    @Test func mapFilterConcatZip() {
        let numbers = [1, 2, 3, 4].lazyList
        #expect(numbers.map { $0 * 10 }.array == [10, 20, 30, 40])
        #expect(numbers.filter { $0 % 2 == 0 }.array == [2, 4])
        #expect(numbers.concat([5, 6].lazyList).array == [1, 2, 3, 4, 5, 6])
        #expect(LazyList.concat([[1].lazyList, .empty(), [2, 3].lazyList]).array == [1, 2, 3])
        let zipped = numbers.zip(with: ["a", "b"].lazyList).array
        #expect(zipped.map { "\($0.0)\($0.1)" } == ["1a", "2b"])
        let infiniteZip = naturals(Counter()).zip(with: ["x", "y", "z"].lazyList).array
        #expect(infiniteZip.map { "\($0.0)\($0.1)" } == ["0x", "1y", "2z"])
    }

    @Test func flattenMapAndFlatten() {
        let list = [1, 2, 3].lazyList
        #expect(list.flattenMap { [$0, $0 * 10].lazyList }.array == [1, 10, 2, 20, 3, 30])
        #expect(list.flattenMap { _ in LazyList<Int>.empty() }.isEmpty)
        let nested = [[1, 2].lazyList, LazyList<Int>.empty(), [3].lazyList].lazyList
        #expect(nested.flatten().array == [1, 2, 3])
        #expect(naturals(Counter()).flattenMap { [$0, $0].lazyList }.take(5).array == [0, 0, 1, 1, 2])
    }

    @Test func bindWithStopEndsAfterTheReturnedList() {
        let calls = Counter()
        let bound: LazyList<Int> = naturals(Counter()).bind {
            { value, stop in
                calls.increment()
                if value == 2 { stop = true }
                return [value, -value].lazyList
            }
        }
        #expect(bound.array == [0, 0, 1, -1, 2, -2])
        #expect(calls.current == 3)
        let endedByNil: LazyList<Int> = [1, 2, 3, 4].lazyList.bind {
            { value, _ in value < 3 ? .just(value) : nil }
        }
        #expect(endedByNil.array == [1, 2])
    }

    @Test func takeSkipTakeWhileSkipWhile() {
        let list = [1, 2, 3, 4, 5, 1].lazyList
        #expect(list.take(2).array == [1, 2])
        #expect(list.take(0).array == [])
        #expect(list.take(10).array == [1, 2, 3, 4, 5, 1])
        #expect(list.skip(4).array == [5, 1])
        #expect(list.skip(10).array == [])
        #expect(list.takeWhile { $0 < 3 }.array == [1, 2])
        #expect(list.skipWhile { $0 < 3 }.array == [3, 4, 5, 1])
        #expect(naturals(Counter()).skip(3).takeWhile { $0 < 6 }.array == [3, 4, 5])
    }

    @Test func distinctUntilChangedAndStartWith() {
        #expect([1, 1, 2, 2, 2, 1, 3, 3].lazyList.distinctUntilChanged().array == [1, 2, 1, 3])
        #expect([2, 3].lazyList.startWith(1).array == [1, 2, 3])
        #expect(LazyList<Int>.empty().startWith(0).array == [0])
    }

    @Test func listOperatorsAreRepeatable() {
        let distinct = [1, 1, 2].lazyList.distinctUntilChanged()
        #expect(distinct.array == [1, 2])
        #expect(distinct.array == [1, 2])
        let taken = [1, 2, 3].lazyList.take(2)
        #expect(taken.array == [1, 2])
        #expect(taken.array == [1, 2])
    }

    // MARK: Signals

    @Test func signalSendsSynchronouslyThenCompletes() {
        let list = [1, 2, 3].lazyList
        #expect(EventLog(list.signal).rendered == ["1", "2", "3", "completed"])
        #expect(EventLog(list.signal).rendered == ["1", "2", "3", "completed"])
        #expect(EventLog(LazyList<Int>.empty().signal).rendered == ["completed"])
    }

    @Test func signalOnSchedulerSendsOneElementPerAction() {
        let scheduler = TestScheduler()
        let log = EventLog(["a", "b"].lazyList.signal(on: scheduler))
        #expect(log.rendered.isEmpty)
        #expect(scheduler.scheduledCount == 1)
        scheduler.advance()
        #expect(log.rendered == ["a", "b", "completed"])
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func signalOnSchedulerStopsWhenDisposed() {
        let scheduler = TestScheduler()
        let computed = Counter()
        let log = EventLog(naturals(computed).signal(on: scheduler))
        // Runs after the first element's action, before the second one's.
        scheduler.schedule { log.disposable.dispose() }
        scheduler.advance()
        #expect(log.rendered == ["0"])
        #expect(computed.current == 1)
        #expect(scheduler.scheduledCount == 0)
        let remaining = Counter()
        let bounded = EventLog(naturals(remaining).signal(on: scheduler).take(3))
        scheduler.advance()
        #expect(bounded.rendered == ["0", "1", "2", "completed"])
        #expect(scheduler.scheduledCount == 0)
    }
}

/// 0..<count as a one-pass sequence that counts how many elements were pulled.
private struct AnyIteratorSequence: Sequence, Sendable {
    let pulled: Counter
    let count: Int

    init(pulled: Counter, count: Int) {
        self.pulled = pulled
        self.count = count
    }

    func makeIterator() -> AnyIterator<Int> {
        var next = 0
        return AnyIterator {
            guard next < count else { return nil }
            pulled.increment()
            defer { next += 1 }
            return next
        }
    }
}
