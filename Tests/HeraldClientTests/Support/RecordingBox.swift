#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Lines recorded by a test server's threads, read by the test.
final class RecordingBox: Sendable {
    private let storage = Mutex<[String]>([])

    func record(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    var lines: [String] { storage.withLock { $0 } }

    /// Waits, at most 10 s, until `count` lines are recorded by another thread.
    func waitForLines(_ count: Int) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        while lines.count < count, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
