import BenchmarkSupport
import DesktopNotifications
import Foundation
import NotificationEngine
import Signals

/// X1: how long from a request's due instant to its `Notify` call arriving at the
/// desktop's notification server, over 1,000 deliveries due 5 ms apart — beside
/// `notify-send` (libnotify), from its start to its `Notify` arriving, for one
/// notification each run, at the same server in the same run.
enum NotifyLatencyBenchmark {
    static let app: AppIdentifier = "org.herald.bench.desktop"
    static let lead: TimeInterval = 1

    static func run(scale: Double, rounds: Int) async throws -> String {
        let count = max(10, Int((1_000 * scale).rounded()))
        var herald: [Lateness] = []
        var notifySend: [Lateness] = []
        for _ in 0..<rounds {
            let server = try StampingServer()
            herald.append(try await heraldSide(count: count, server: server))
            notifySend.append(try notifySendSide(count: max(10, count / 20), server: server))
        }
        var table = Table(["", "side", "notifications>", "p50 ms>", "p90 ms>", "p99 ms>", "max ms>", "goal", "met"])
        let heraldMedian = Lateness(medianOf: herald)
        table.add(["X1", "Herald: due → Notify (engine on SQLite, DesktopPresenter, GDBus)"] + heraldMedian.cells
            + ["p99 ≤ 10 ms", met(heraldMedian.p99 <= 10)])
        table.add(["X1", "peer: notify-send started → Notify"] + Lateness(medianOf: notifySend).cells + ["—", "—"])
        return table.text
    }

    private static func heraldSide(count: Int, server: StampingServer) async throws -> Lateness {
        let directory = server.directory.appendingPathComponent("engine")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let engine = try NotificationEngine(
            store: .sqlite(path: directory.appendingPathComponent("engine.sqlite").path),
            scheduler: QueueScheduler(name: "x1-engine"),
            configuration: NotificationEngine.Configuration(pendingLimitPerApp: .max, authorizationPolicy: .grantAll),
            presenters: [])
        _ = try await engine.requestAuthorization(options: [.alert, .sound, .badge], for: app)
        let presenter = try DesktopPresenter(
            engine: engine, configuration: DesktopPresenter.Configuration(centerURL: nil, applicationsDirectory: nil),
            environment: server.environment)
        let subscription = engine.addPresenter(presenter)
        defer { subscription.dispose() }
        let requests = (0..<count).map { index in
            NotificationRequest(
                identifier: "n-\(index)", content: NotificationContent(title: "n-\(index)", body: "Buy milk", sound: .default),
                trigger: .timeInterval(TimeIntervalTrigger(interval: lead + 0.005 * Double(index), repeats: false)))
        }
        _ = try await engine.add(requests, for: app)
        let due = Dictionary(uniqueKeysWithValues: try await engine.pendingRequests(for: app).compactMap { pending in
            pending.nextFireDate.map { (pending.request.identifier, $0) }
        })
        try await waitFor(count, on: server, timeout: lead + 0.005 * Double(count) + 30)
        let stamps = try server.stamps()
        return Lateness(seconds: due.compactMap { identifier, date in
            stamps[identifier].map { Double($0) / 1e9 - date.timeIntervalSince1970 }
        })
    }

    private static func notifySendSide(count: Int, server: StampingServer) throws -> Lateness {
        var values: [Double] = []
        for index in 0..<count {
            let summary = "notify-send-\(index)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/notify-send")
            process.arguments = [summary, "Buy milk"]
            process.environment = server.environment
            let started = Date()
            try process.run()
            process.waitUntilExit()
            guard let stamp = try server.stamps()[summary] else { throw BenchmarkFailure("notify-send's \(summary) never arrived") }
            values.append(Double(stamp) / 1e9 - started.timeIntervalSince1970)
        }
        return Lateness(seconds: values)
    }

    private static func waitFor(_ count: Int, on server: StampingServer, timeout: TimeInterval) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try server.stamps().filter({ $0.key.hasPrefix("n-") }).count < count {
            guard Date() < deadline else { throw BenchmarkFailure("not every notification arrived in \(timeout) s") }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}

extension Lateness {
    fileprivate var cells: [String] {
        [grouped(Double(count)), fixed(p50, 3), fixed(p90, 3), fixed(p99, 3), fixed(max, 3)]
    }
}
