import Dispatch
import Foundation
import HeraldTestSupport
import Signals
import Testing

/// `TestScheduler`, `ImmediateScheduler`, `QueueScheduler` and `MainScheduler`.
@Suite(.offThePool) struct SchedulerTests {
    private static let start = Date(timeIntervalSinceReferenceDate: 0)

    private func at(_ seconds: TimeInterval) -> Date {
        Self.start.addingTimeInterval(seconds)
    }

    // MARK: TestScheduler

    @Test func testSchedulerRunsActionsInDateOrder() {
        let scheduler = TestScheduler()
        let order = Recorder<String>()
        scheduler.schedule(after: at(3)) { order.append("3") }
        scheduler.schedule(after: at(1)) { order.append("1") }
        scheduler.schedule(after: at(2)) { order.append("2") }
        scheduler.advance(by: 2.5)
        #expect(order.values == ["1", "2"])
        scheduler.advance(by: 0.5)
        #expect(order.values == ["1", "2", "3"])
        #expect(scheduler.now == at(3))
    }

    @Test func testSchedulerRunsTiesInSchedulingOrder() {
        let scheduler = TestScheduler()
        let order = Recorder<String>()
        for name in ["a", "b", "c", "d"] {
            scheduler.schedule(after: at(1)) { order.append(name) }
        }
        scheduler.schedule { order.append("now") }
        scheduler.advance(by: 1)
        #expect(order.values == ["now", "a", "b", "c", "d"])
    }

    @Test func actionsScheduledByActionsWithinTheWindowRunBeforeAdvanceReturns() {
        let scheduler = TestScheduler()
        let order = Recorder<String>()
        scheduler.schedule(after: at(1)) {
            order.append("first")
            scheduler.schedule(after: at(2)) { order.append("nested") }
            scheduler.schedule { order.append("nested now") }
            scheduler.schedule(after: at(5)) { order.append("later") }
        }
        scheduler.advance(by: 3)
        #expect(order.values == ["first", "nested now", "nested"])
        #expect(scheduler.now == at(3))
        #expect(scheduler.scheduledCount == 1)
        #expect(scheduler.nextDate == at(5))
    }

    @Test func nowDuringAnActionIsItsDueDate() {
        let scheduler = TestScheduler()
        let seen = Recorder<Date>()
        scheduler.schedule(after: at(1.5)) { seen.append(scheduler.now) }
        scheduler.schedule(afterDelay: 4) { seen.append(scheduler.now) }
        scheduler.advance(by: 10)
        #expect(seen.values == [at(1.5), at(4)])
        #expect(scheduler.now == at(10))
    }

    @Test func aPastDateRunsOnTheNextAdvanceWithoutMovingTheClockBack() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 5)
        let seen = Recorder<Date>()
        scheduler.schedule(after: at(1)) { seen.append(scheduler.now) }
        scheduler.advance()
        #expect(seen.values == [at(5)])
    }

    @Test func cancelledActionsDoNotRun() {
        let scheduler = TestScheduler()
        let ran = Counter()
        let cancelled = scheduler.schedule(after: at(1)) { ran.increment() }
        scheduler.schedule(after: at(2)) { ran.increment() }
        #expect(scheduler.scheduledCount == 2)
        cancelled.dispose()
        #expect(cancelled.isDisposed)
        #expect(scheduler.scheduledCount == 1)
        #expect(scheduler.nextDate == at(2))
        scheduler.advance(by: 3)
        #expect(ran.current == 1)
    }

    @Test func anActionCanCancelALaterOne() {
        let scheduler = TestScheduler()
        let ran = Recorder<String>()
        let later = scheduler.schedule(after: at(2)) { ran.append("later") }
        scheduler.schedule(after: at(1)) { later.dispose() }
        scheduler.advance(by: 3)
        #expect(ran.values.isEmpty)
    }

    @Test func repeatingActionsFireAtEachIntervalUntilDisposed() {
        let scheduler = TestScheduler()
        let fired = Recorder<Date>()
        let timer = scheduler.schedule(after: at(2), interval: 3) { fired.append(scheduler.now) }
        scheduler.advance(by: 11)
        #expect(fired.values == [at(2), at(5), at(8), at(11)])
        timer.dispose()
        scheduler.advance(by: 10)
        #expect(fired.count == 4)
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func aRepeatingActionCanDisposeItself() {
        let scheduler = TestScheduler()
        let fired = Counter()
        let timer = SerialDisposable()
        timer.inner = scheduler.schedule(after: at(1), interval: 1, leeway: 0.5) {
            if fired.increment() == 3 { timer.dispose() }
        }
        scheduler.advance(by: 10)
        #expect(fired.current == 3)
    }

    @Test func runRunsEverythingUpToTheLastOneShotAction() {
        let scheduler = TestScheduler()
        let order = Recorder<String>()
        scheduler.schedule(after: at(10)) {
            order.append("10")
            scheduler.schedule(afterDelay: 5) { order.append("15") }
        }
        scheduler.schedule(after: at(1)) { order.append("1") }
        let ticks = Counter()
        let timer = scheduler.schedule(after: at(4), interval: 4) { ticks.increment() }
        scheduler.run()
        #expect(order.values == ["1", "10", "15"])
        #expect(scheduler.now == at(15))
        #expect(ticks.current == 3)
        timer.dispose()
    }

    @Test func testSchedulerIsThreadSafe() {
        let scheduler = TestScheduler()
        let fired = Recorder<Date>()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            scheduler.schedule(after: at(TimeInterval(index % 10))) { fired.append(scheduler.now) }
        }
        #expect(scheduler.scheduledCount == 200)
        scheduler.advance(by: 10)
        #expect(fired.count == 200)
        #expect(fired.values == fired.values.sorted())
        #expect(Set(fired.values).count == 10)
    }

    // MARK: ImmediateScheduler

    @Test func immediateSchedulerRunsSynchronously() {
        let order = Recorder<String>()
        let done = ImmediateScheduler.shared.schedule { order.append("action") }
        order.append("returned")
        #expect(order.values == ["action", "returned"])
        #expect(done.isDisposed)
    }

    @Test func immediateSchedulerRunsNestedActionsAtOnce() {
        let order = Recorder<Int>()
        let scheduler = ImmediateScheduler()
        scheduler.schedule {
            order.append(1)
            scheduler.schedule { order.append(2) }
            order.append(3)
        }
        #expect(order.values == [1, 2, 3])
    }

    // MARK: QueueScheduler

    @Test func queueSchedulerRunsActionsSeriallyInOrderOnItsQueue() async {
        let (scheduler, isOnQueue) = Self.makeQueueScheduler()
        let log = Recorder<String>()
        let onQueue = Recorder<Bool>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for index in 0..<100 {
                scheduler.schedule {
                    log.append("begin \(index)")
                    onQueue.append(isOnQueue())
                    log.append("end \(index)")
                    if index == 99 { continuation.resume() }
                }
            }
        }
        #expect(log.values == (0..<100).flatMap { ["begin \($0)", "end \($0)"] })
        #expect(onQueue.values == Array(repeating: true, count: 100))
    }

    @Test func queueSchedulerSkipsActionsCancelledBeforeTheyRun() async {
        let queue = DispatchQueue(label: "SchedulerTests.cancel")
        let scheduler = QueueScheduler(queue: queue)
        let ran = Recorder<String>()
        queue.suspend()
        let cancelled = scheduler.schedule { ran.append("cancelled") }
        cancelled.dispose()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule {
                ran.append("kept")
                continuation.resume()
            }
            queue.resume()
        }
        #expect(ran.values == ["kept"])
    }

    @Test func queueSchedulerRunsDelayedActionsOnItsQueue() async {
        let (scheduler, isOnQueue, queue) = Self.makeQueueSchedulerAndQueue()
        let ran = Recorder<String>()
        // The queue held while the action is scheduled and disposed of: on a loaded machine the
        // test could otherwise dispose of it after its time, when nothing can stop it any more.
        queue.suspend()
        let cancelled = scheduler.schedule(afterDelay: 0.01) { ran.append("cancelled") }
        cancelled.dispose()
        queue.resume()
        let onQueue = await withCheckedContinuation { continuation in
            scheduler.schedule(after: scheduler.now.addingTimeInterval(0.05)) {
                ran.append("delayed")
                continuation.resume(returning: isOnQueue())
            }
        }
        #expect(onQueue)
        #expect(ran.values == ["delayed"])
    }

    @Test func queueSchedulerRepeatsUntilDisposed() async {
        let (scheduler, isOnQueue) = Self.makeQueueScheduler()
        let fired = Counter()
        let timer = SerialDisposable()
        let onQueue = Recorder<Bool>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            timer.inner = scheduler.schedule(after: scheduler.now, interval: 0.005, leeway: 0) {
                onQueue.append(isOnQueue())
                if fired.increment() == 3 {
                    timer.dispose()
                    continuation.resume()
                }
            }
        }
        // Actions after the disposal: a timer still running would fire again before this one.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule(afterDelay: 0.05) { continuation.resume() }
        }
        #expect(fired.current == 3)
        #expect(onQueue.values == [true, true, true])
    }

    // MARK: MainScheduler

    @Test func mainSchedulerRunsActionsOnTheMainQueue() async {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let order = Recorder<String>()
        let result = await withCheckedContinuation { continuation in
            MainScheduler.shared.schedule(afterDelay: 0.01) {
                order.append("delayed")
                continuation.resume(returning: (DispatchQueue.getSpecific(key: key), Thread.isMainThread))
            }
            MainScheduler.shared.schedule { order.append("now") }
        }
        #expect(result.0 == "main")
        #expect(order.values == ["now", "delayed"])
        #if canImport(Darwin)
        #expect(result.1)
        #endif
    }

    /// A scheduler on a fresh queue, and a check that the caller runs on that queue.
    private static func makeQueueScheduler() -> (QueueScheduler, @Sendable () -> Bool) {
        let (scheduler, isOnQueue, _) = makeQueueSchedulerAndQueue()
        return (scheduler, isOnQueue)
    }

    private static func makeQueueSchedulerAndQueue() -> (QueueScheduler, @Sendable () -> Bool, DispatchQueue) {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "SchedulerTests.queue")
        queue.setSpecific(key: key, value: 1)
        return (QueueScheduler(queue: queue), { DispatchQueue.getSpecific(key: key) == 1 }, queue)
    }
}
