import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The client against a real daemon while the machine is busy: every core kept
/// running by other processes, the daemon firing a burst, several clients calling
/// at once. A notification client that stalls or gives up when its machine is busy
/// is a bug (a CI run at a load of 3 to 4 once failed that way).
///
/// Its busy processes would slow every other test running beside it, so it runs
/// alone: `scripts/test` runs it after the other suites, with `HERALD_LOAD_TESTS=1`.
@Suite(
    "The client against a daemon on a busy machine", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: ProcessInfo.processInfo.environment["HERALD_LOAD_TESTS"] == "1"))
struct ClientUnderLoadEndToEndTests {
    static let apps = ["com.example.load.a", "com.example.load.b", "com.example.load.c"]
    static let burst = 300

    @Test("with every core busy and a burst firing, every call is answered and every delivery streamed")
    func everyCallIsAnsweredUnderLoad() async throws {
        let burners = try await CPUBurners(count: 2 * ProcessInfo.processInfo.activeProcessorCount)
        defer { burners.stop() }
        let daemon = try await TestDaemon(options: ["--pending-limit", "1000", "--delivered-limit", "1000"])
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        var clients: [String: HeraldClient] = [:]
        for app in Self.apps {
            let credentials = try await admin.registerApp(API.AppRegistration(identifier: app, name: app))
            let client = try HeraldClient(url: url, token: credentials.token, environment: [:])
            #expect(try await client.requestAuthorization(options: ["alert"], for: app))
            clients[app] = client
        }
        let streamed = DeliveryTally()
        let streams = try await Self.openStreams(clients, into: streamed)
        defer { streams.forEach { $0.cancel() } }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for app in Self.apps {
                let client = try #require(clients[app])
                group.addTask { try await Self.scheduleBurst(client, app) }
                group.addTask { try await Self.callAgainAndAgain(client, app) }
            }
            group.addTask {
                // The whole burst comes due in the daemon's virtual time while the calls go on.
                for _ in 0..<20 { _ = try await admin.advanceClock(by: 30) }
            }
            try await group.waitForAll()
        }
        // However late in virtual time the last batch came (on a busy machine the clock may
        // run ahead of the adds), every request is due within `60 + burst` s of its add.
        _ = try await admin.advanceClock(by: TimeInterval(60 + Self.burst))
        let expected = Dictionary(uniqueKeysWithValues: Self.apps.map { ($0, Self.burst) })
        try await streamed.waitUntil(expected)
        for app in Self.apps {
            let delivered = try await #require(clients[app]).deliveredNotifications(for: app)
            #expect(delivered.filter { $0.request.identifier.hasPrefix("burst-") }.count == Self.burst)
        }
        await daemon.stop()
    }

    /// Each app's event stream, open before anything fires, counting its deliveries.
    private static func openStreams(_ clients: [String: HeraldClient], into tally: DeliveryTally) async throws -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        for (app, client) in clients {
            let events = try await client.openEvents(app: app)
            tasks.append(Task {
                do {
                    for try await event in events {
                        if case .delivered(let delivery) = event.kind, delivery.request.identifier.hasPrefix("burst-") {
                            tally.count(app)
                        }
                    }
                } catch {
                    tally.fail("\(app)'s stream: \(error)")
                }
            })
        }
        return tasks
    }

    /// The burst: `burst` requests due within the next ten minutes, added in batches.
    private static func scheduleBurst(_ client: HeraldClient, _ app: String) async throws {
        for batch in stride(from: 0, to: burst, by: 50) {
            let requests = (batch..<batch + 50).map { index in
                API.Request(
                    identifier: "burst-\(index)", content: API.Content(title: "Burst \(index)"),
                    trigger: .timeInterval(interval: Double(60 + index), repeats: false))
            }
            _ = try await client.add(requests, for: app)
        }
    }

    /// An app's everyday calls, over and over: add, list, remove, read what was delivered.
    private static func callAgainAndAgain(_ client: HeraldClient, _ app: String) async throws {
        for round in 0..<25 {
            let identifier = "call-\(round)"
            _ = try await client.add(
                API.Request(identifier: identifier, content: API.Content(title: "Call"), trigger: .timeInterval(interval: 3_600, repeats: false)),
                for: app)
            #expect(try await client.pendingRequests(for: app).contains { $0.request.identifier == identifier })
            try await client.removePendingRequest(identifier, for: app)
            _ = try await client.deliveredNotifications(for: app)
        }
    }
}

/// How many burst deliveries each app's stream has seen.
final class DeliveryTally: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    private let failures = Mutex<[String]>([])

    func count(_ app: String) {
        counts.withLock { $0[app, default: 0] += 1 }
    }

    func fail(_ reason: String) {
        failures.withLock { $0.append(reason) }
    }

    /// Waits until the counts are `expected`: as long as they grow, and two minutes
    /// more once they stop, looking once more at the end.
    func waitUntil(_ expected: [String: Int]) async throws {
        var last = counts.withLock { $0 }
        var deadline = ContinuousClock.now + .seconds(120)
        while last != expected, failures.withLock({ $0.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            let now = counts.withLock { $0 }
            if now != last { deadline = ContinuousClock.now + .seconds(120) }
            last = now
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(counts.withLock { $0 } == expected)
    }
}

/// Processes that keep the processor busy until stopped, as a parallel build does.
final class CPUBurners: Sendable {
    private let processes: [ChildProcess]

    init(count: Int) async throws {
        var processes: [ChildProcess] = []
        for _ in 0..<count {
            processes.append(try await ChildProcess.start(URL(fileURLWithPath: "/bin/sh"), ["-c", "while :; do :; done"]))
        }
        self.processes = processes
    }

    func stop() {
        for process in processes { process.send(SIGKILL) }
    }
}
