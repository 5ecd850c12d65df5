import Foundation
import HeraldTestSupport
import NotificationEngine
import PostgresNIO
import Signals
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "Engines sharing PostgreSQL: crash safety", .serialized,
    .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired), .offThePool)
struct CoordinatedCrashTests {
    static let count = 5_000
    static let spread = 30
    static let nodes = 3

    /// A node: `engine-soak` on the schema, logging to a file of its own. Used by one
    /// thread at a time (the one that kills and restarts them, then the test's).
    final class Node: @unchecked Sendable {
        let log: String
        let arguments: [String]
        private(set) var process: ChildProcess?

        init(log: String, arguments: [String]) {
            self.log = log
            self.arguments = arguments + ["--log", log]
        }

        func start(_ executable: URL) throws {
            process = try ChildProcess.startWaiting(executable, arguments)
        }

        func kill() throws {
            guard let process, process.isRunning else { return }
            process.send(SIGKILL)
            _ = try process.endedWaiting()
        }

        var isRunning: Bool { process?.isRunning ?? false }
    }

    /// Starts the nodes; kills one at random every 0.3–2.5 s until every request is due,
    /// restarting it at once; then waits for them to finish. Returns the kills and how
    /// many nodes did not finish within two minutes (they are then killed).
    static func killAndRestart(_ nodes: [Node], executable: URL, seed: UInt64) throws -> (Int, Int) {
        for node in nodes { try node.start(executable) }
        var generator = SeededGenerator(seed: seed)
        let firing = Date().addingTimeInterval(3 + Double(Self.spread))
        var kills = 0
        while Date() < firing {
            usleep(UInt32.random(in: 300_000...2_500_000, using: &generator))
            let node = nodes[Int.random(in: 0..<nodes.count, using: &generator)]
            try node.kill()
            kills += 1
            try node.start(executable)
        }
        let deadline = Date().addingTimeInterval(120)
        while nodes.contains(where: \.isRunning), Date() < deadline {
            usleep(100_000)
        }
        let unfinished = nodes.filter(\.isRunning).count
        for node in nodes { try node.kill() }
        return (kills, unfinished)
    }

    @Test("Three nodes fire 5,000 requests due over 30 s while one at a time is killed with SIGKILL and restarted: each request is delivered once, and shown again only under its own delivery")
    func killedNodes() async throws {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        let schema = TestSchema(url: url)
        let directory = try TemporaryDirectory()
        let executable = try CrashTests.soakExecutable()
        let common = ["--postgres", url, "--count", "\(Self.count)", "--spread", "\(Self.spread)"]
        let seed = try await ChildProcess.start(
            executable, common + ["--delay", "3", "--seed-only", "--log", directory.path("seed.log")])
        #expect(try await seed.ended() == .exited(0))

        let nodes = (0..<Self.nodes).map { Node(log: directory.path("node\($0).log"), arguments: common) }
        let randomSeed = UInt64.random(in: 0...UInt64.max)
        // On a thread of its own: the other suites' engines, running beside this one, keep
        // Swift concurrency's few threads busy, and the kills must come on time.
        let (kills, unfinished) = try await PostgresStoreTests.detached {
            try Self.killAndRestart(nodes, executable: executable, seed: randomSeed)
        }
        #expect(unfinished == 0, "the nodes never finished (seed \(randomSeed))")
        #expect(kills >= 5, "nodes should have been killed while firing: \(kills) kills (seed \(randomSeed))")

        // Every request shown, each under one delivery; a delivery shown by two nodes
        // is one a killed node committed and another took over from its outbox.
        var shown: [String: Set<String>] = [:]
        var lines = 0
        for log in [directory.path("seed.log")] + nodes.map(\.log) {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 4 else { continue }
                shown[String(fields[1]), default: []].insert(String(fields[0]))
                lines += 1
            }
        }
        print("shared crash test: \(kills) kills, \(lines - shown.count) deliveries shown again by a second node (seed \(randomSeed))")
        #expect(shown.count == Self.count, "every request was shown (seed \(randomSeed))")
        #expect(shown.values.allSatisfy { $0.count == 1 }, "no request was shown under two deliveries (seed \(randomSeed))")

        let deliveries = try await PostgresStoreTests.query(
            url, "SELECT count(*), count(DISTINCT identifier) FROM deliveries"
        ) { try $0.decode((Int, Int).self) }
        #expect(deliveries.first?.0 == Self.count, "the database holds one delivery per request")
        #expect(deliveries.first?.1 == Self.count)
        let left = try await PostgresStoreTests.query(
            url, "SELECT (SELECT count(*) FROM pending), (SELECT count(*) FROM outbox)"
        ) { try $0.decode((Int, Int).self) }
        #expect(left.first?.0 == 0, "nothing is left pending")
        #expect(left.first?.1 == 0, "nothing is left in the outbox")
        let stored = try await PostgresStoreTests.query(url, "SELECT id FROM deliveries") { try $0.decode(UUID.self) }
        #expect(Set(stored.map(\.uuidString)) == Set(shown.values.flatMap { $0 }), "the logs show the stored deliveries")
        withExtendedLifetime(schema) {}
    }
}
