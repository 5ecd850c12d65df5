import Dispatch
import Foundation
import HeraldTestSupport
import Testing

/// What the client suites lean on to pass on a busy machine: tests that block run
/// on ``TestThreads``, which never holds Swift concurrency's own threads and never
/// lets its own blocked threads hold up a job for good. Without either, a test here
/// would wait for ever: the time limit ends it.
@Suite(.timeLimit(.minutes(2)))
struct TestThreadsTests {
    private static let cores = ProcessInfo.processInfo.activeProcessorCount

    @Test("jobs blocked on TestThreads leave Swift concurrency's threads free: a task there releases them")
    func blockedJobsLeaveTheSharedThreadsFree() async {
        let release = DispatchSemaphore(value: 0)
        await withTaskGroup(of: Void.self) { group in
            // More blocked jobs than Swift concurrency has threads: on them, the
            // releasing task below would never run.
            for _ in 0...Self.cores {
                group.addTask(executorPreference: TestThreads.shared) { release.wait() }
            }
            group.addTask {
                for _ in 0...Self.cores { release.signal() }
            }
            await group.waitForAll()
        }
    }

    @Test("a job queued behind blocked ones gets a thread of its own")
    func aJobBehindBlockedOnesRuns() async {
        let release = DispatchSemaphore(value: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<(2 * Self.cores) {
                group.addTask(executorPreference: TestThreads.shared) { release.wait() }
            }
            group.addTask(executorPreference: TestThreads.shared) {
                for _ in 0..<(2 * Self.cores) { release.signal() }
            }
            await group.waitForAll()
        }
    }
}
