import Dispatch
import Signals
import Synchronization
import Testing

/// combineLatest and switchToLatest with inputs sending from several threads at once.
extension CombinatorTests {
    @Test func combineLatestFromTwoThreadsDeliversSeriallyAndEndsWithTheLatestPair() {
        let letters = Subject<Int, Never>()
        let numbers = Subject<Int, Never>()
        let inFlight = Atomic<Int>(0)
        let overlaps = Counter()
        let last = Mutex<(Int, Int)?>(nil)
        let count = 20_000
        Signal.combineLatest(letters.signal, numbers.signal).subscribeNext { pair in
            if inFlight.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.increment() }
            last.withLock { $0 = pair }
            inFlight.subtract(1, ordering: .acquiringAndReleasing)
        }
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for value in 1...count {
                if side == 0 { letters.send(value) } else { numbers.send(value) }
            }
        }
        #expect(overlaps.current == 0)
        let final = last.withLock { $0 }
        #expect(final?.0 == count && final?.1 == count)
    }

    @Test func combineLatestCompletesOnceWhenBothCompleteOnDifferentThreads() {
        for _ in 0..<200 {
            let letters = Subject<Int, Never>()
            let numbers = Subject<Int, Never>()
            let log = EventLog(Signal.combineLatest(letters.signal, numbers.signal).map { $0 + $1 })
            letters.send(1)
            numbers.send(1)
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                if side == 0 { letters.sendCompleted() } else { numbers.sendCompleted() }
            }
            #expect(log.rendered == ["2", "completed"])
        }
    }
}
