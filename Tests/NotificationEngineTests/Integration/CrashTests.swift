import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Engine: crash safety on SQLite", .serialized, .offThePool)
struct CrashTests {
    static let count = 2_000

    /// The `EngineSoak` executable built beside the test bundle.
    static func soakExecutable() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"),
        ]
        let found = candidates.map { $0.appendingPathComponent("EngineSoak") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "EngineSoak is built with the tests; looked in \(candidates.map(\.path))")
    }

    /// Runs the soak once; kills it with SIGKILL after `delay` seconds unless it
    /// finished. Returns whether it finished by itself.
    ///
    /// It waits on its own thread, not in a task: on a loaded machine a task's sleep
    /// can end seconds late, and the soak would finish before its kill.
    static func runOnce(_ executable: URL, arguments: [String], killAfter delay: Double) throws -> Bool {
        let process = try ChildProcess.startWaiting(executable, arguments)
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning, Date() < deadline {
            usleep(5_000)
        }
        process.send(SIGKILL)
        let ending = try process.endedWaiting()
        if ending == .signaled(SIGKILL) { return false }
        #expect(ending == .exited(0), "engine-soak ended with \(ending)")
        return true
    }

    /// Runs the soak on a database in `directory`, killing it at random points, until
    /// it finishes (300 runs at most); counts the kills in `kills`. Whether it finished.
    static func killRepeatedly(
        _ executable: URL, in directory: TemporaryDirectory, kills: inout Int, using generator: inout SeededGenerator
    ) throws -> Bool {
        let arguments = ["--database", directory.path("herald.sqlite"), "--log", directory.path("deliveries.log"),
                         "--count", "\(count)", "--spread", "3"]
        for _ in 0..<300 {
            // Early kills; after five of them, one run in ten lives long enough
            // to finish even on a loaded machine.
            let delay =
                kills >= 5 && Int.random(in: 0..<10, using: &generator) == 0
                ? Double.random(in: 1...3, using: &generator) : Double.random(in: 0.02...0.35, using: &generator)
            if try runOnce(executable, arguments: arguments, killAfter: delay) { return true }
            kills += 1
        }
        return false
    }

    @Test("Killed at random points while 2,000 requests fire and restarted on the same file, each request is delivered and shown exactly once")
    func sigkillAtRandomPoints() async throws {
        let executable = try Self.soakExecutable()
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        // A loaded machine can hold this thread past a kill's moment while the soak fires
        // to its end: such a run tested too few kills, and the scenario starts again on a
        // new file, at most five times.
        var directory = try TemporaryDirectory()
        var kills = 0
        var finished = try Self.killRepeatedly(executable, in: directory, kills: &kills, using: &generator)
        for _ in 1..<5 where kills < 3 {
            (directory, kills) = (try TemporaryDirectory(), 0)
            finished = try Self.killRepeatedly(executable, in: directory, kills: &kills, using: &generator)
        }
        let log = directory.path("deliveries.log")
        #expect(finished, "the soak never finished (seed \(seed))")
        #expect(kills >= 3, "the soak should have been killed while firing (seed \(seed))")

        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        let byRequest = Dictionary(grouping: lines) { String($0[1]) }
        #expect(byRequest.count == Self.count, "every request was shown (seed \(seed))")
        #expect(byRequest.values.allSatisfy { $0.count == 1 }, "no request was shown twice (seed \(seed))")
        #expect(Set(lines.map { $0[0] }).count == lines.count, "no delivery id was shown twice")

        let engine = try NotificationEngine(
            store: .sqlite(path: directory.path("herald.sqlite")), scheduler: TestScheduler(startDate: Date()))
        let app: AppIdentifier = "org.herald.soak"
        let delivered = try await engine.deliveredNotifications(for: app)
        #expect(delivered.count == Self.count, "the store holds one delivery per request")
        #expect(Set(delivered.map(\.request.identifier)).count == Self.count)
        #expect(Set(delivered.map(\.id.description)) == Set(lines.map { String($0[0]) }), "the log shows the stored deliveries")
        #expect(try await engine.pendingRequests(for: app).isEmpty)
    }
}
