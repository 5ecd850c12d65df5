import Glibc
import HeraldTestSupport
@testable import Signals
import Synchronization
import Testing

/// The spin lock behind a subject's list: mutual exclusion under contention, a holder that
/// keeps it long (waiters yield, then sleep), errors.
@Suite(.offThePool) struct SpinLockedTests {
    @Test func threadsNeverOverlapInsideAndNoIncrementIsLost() {
        let lock = SpinLocked(0)
        let detector = OverlapDetector()
        let threads = 4
        let increments = 50_000
        let arrived = Atomic<Int>(0)
        onThreads(threads) { _ in
            // Start together, so the threads contend instead of running one after another.
            arrived.add(1, ordering: .acquiringAndReleasing)
            while arrived.load(ordering: .acquiring) < threads { sched_yield() }
            for _ in 0..<increments {
                lock.withLock { count in
                    detector.run {
                        // Read, dawdle, write: two threads inside at once would lose an increment.
                        let before = count
                        for _ in 0..<8 { _ = arrived.load(ordering: .relaxed) }
                        count = before + 1
                    }
                }
            }
        }
        #expect(lock.withLock { $0 } == threads * increments)
        #expect(detector.overlapCount == 0)
    }

    @Test func aWaiterGetsTheLockAfterAHolderThatKeepsItLong() {
        let lock = SpinLocked([String]())
        let holding = Atomic<Bool>(false)
        onThreads(2) { thread in
            if thread == 0 {
                lock.withLock { log in
                    holding.store(true, ordering: .releasing)
                    // Long enough for the waiter to pass its spins and yields and sleep.
                    usleep(100_000)
                    log.append("holder")
                }
            } else {
                while !holding.load(ordering: .acquiring) { sched_yield() }
                lock.withLock { $0.append("waiter") }
            }
        }
        #expect(lock.withLock { $0 } == ["holder", "waiter"])
    }

    @Test func anErrorThrownInsideLeavesTheLockFree() {
        let lock = SpinLocked(1)
        #expect(throws: TestError("inside")) {
            try lock.withLock { (value: inout Int) throws(TestError) in
                value = 2
                throw TestError("inside")
            }
        }
        #expect(lock.withLock { $0 } == 2)
    }
}
