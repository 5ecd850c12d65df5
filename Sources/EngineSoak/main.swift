// engine-soak: schedules a batch of requests in an SQLite store and fires them on
// the real clock, logging each delivery once to a file; run it again on the same
// files after a crash and it carries on. The crash test kills it with SIGKILL at
// random points and checks that every request was delivered exactly once.
//
//   engine-soak --database FILE --log FILE [--count N] [--spread SECONDS]
//
// With a PostgreSQL database instead, several of it run as nodes on one schema:
// one run with --seed-only adds the requests (the first due --delay seconds
// later) and exits; each node then fires what it claims, logging to a file of
// its own, until nothing is pending, and exits a few seconds later (after any
// outbox entries a killed node left were taken over).
//
//   engine-soak --postgres URL --log FILE [--count N] [--spread SECONDS] [--delay SECONDS] [--seed-only]
import Foundation
import NotificationEngine
import Signals

struct Options {
    var database = ""
    var postgres = ""
    var log = ""
    var count = 1_000
    var spread = 2.0
    var delay = 0.2
    var seedOnly = false

    init(arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            if flag == "--seed-only" {
                seedOnly = true
                continue
            }
            guard let value = rest.popFirst() else { throw SoakError("\(flag) needs a value") }
            switch flag {
            case "--database": database = value
            case "--postgres": postgres = value
            case "--log": log = value
            case "--count": count = try Self.number(value, flag)
            case "--spread": spread = Double(try Self.number(value, flag))
            case "--delay":
                guard let seconds = Double(value), seconds >= 0 else { throw SoakError("--delay needs seconds") }
                delay = seconds
            default: throw SoakError("unknown option \(flag)")
            }
        }
        guard database.isEmpty != postgres.isEmpty, !log.isEmpty else {
            throw SoakError("--log and one of --database and --postgres are required")
        }
    }

    private static func number(_ value: String, _ flag: String) throws -> Int {
        guard let number = Int(value), number > 0 else { throw SoakError("\(flag) needs a positive number") }
        return number
    }
}

struct SoakError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

let app: AppIdentifier = "org.herald.soak"

/// Adds the requests unless an earlier run did: the add is one transaction, so
/// either every request is pending or delivered, or none is.
func seedIfNew(_ engine: NotificationEngine, options: Options) async throws {
    _ = try await engine.requestAuthorization(options: [.alert], for: app)
    let pending = try await engine.pendingRequests(for: app)
    let delivered = try await engine.deliveredNotifications(for: app)
    guard pending.isEmpty, delivered.isEmpty else { return }
    let requests = (0..<options.count).map { index in
        NotificationRequest(
            identifier: "r\(index)", content: NotificationContent(title: "soak \(index)"),
            trigger: .timeInterval(TimeIntervalTrigger(
                interval: options.delay + options.spread * Double(index) / Double(options.count), repeats: false)))
    }
    try await engine.add(requests, for: app)
}

func run() async throws {
    let options = try Options(arguments: CommandLine.arguments)
    var configuration = NotificationEngine.Configuration(pendingLimitPerApp: .max, authorizationPolicy: .grantAll)
    configuration.lateTolerance = 0.5
    // The test counts every delivery in the notification center.
    configuration.deliveredLimitPerApp = .max
    let log = try DeliveryLog(path: options.log)
    let engine = try NotificationEngine(
        store: options.postgres.isEmpty ? .sqlite(path: options.database) : .postgres(url: options.postgres),
        scheduler: QueueScheduler(name: "engine-soak"), configuration: configuration, presenters: [log])
    guard options.postgres.isEmpty else {
        try await runNode(engine, options: options)
        return
    }
    try await seedIfNew(engine, options: options)
    while DeliveryLog.identifiers(in: options.log).count < options.count {
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// One node of several on a PostgreSQL schema: seeds, or fires until nothing is
/// pending and then stays 3 s more, long enough to take over the outbox entries
/// of a node killed at the end (their lease lasts 1 s).
func runNode(_ engine: NotificationEngine, options: Options) async throws {
    if options.seedOnly {
        try await seedIfNew(engine, options: options)
        return
    }
    while try await !engine.pendingRequests(for: app).isEmpty {
        try await Task.sleep(for: .milliseconds(500))
    }
    try await Task.sleep(for: .seconds(3))
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("engine-soak: \(error)\n".utf8))
    exit(1)
}
