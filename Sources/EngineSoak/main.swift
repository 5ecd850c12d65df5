// engine-soak: schedules a batch of requests in an SQLite store and fires them on
// the real clock, logging each delivery once to a file; run it again on the same
// files after a crash and it carries on. The crash test kills it with SIGKILL at
// random points and checks that every request was delivered exactly once.
//
//   engine-soak --database FILE --log FILE [--count N] [--spread SECONDS]
import Foundation
import NotificationEngine
import Signals

struct Options {
    var database = ""
    var log = ""
    var count = 1_000
    var spread = 2.0

    init(arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw SoakError("\(flag) needs a value") }
            switch flag {
            case "--database": database = value
            case "--log": log = value
            case "--count": count = try Self.number(value, flag)
            case "--spread": spread = Double(try Self.number(value, flag))
            default: throw SoakError("unknown option \(flag)")
            }
        }
        guard !database.isEmpty, !log.isEmpty else { throw SoakError("--database and --log are required") }
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
                interval: 0.2 + options.spread * Double(index) / Double(options.count), repeats: false)))
    }
    try await engine.add(requests, for: app)
}

func run() async throws {
    let options = try Options(arguments: CommandLine.arguments)
    var configuration = NotificationEngine.Configuration(pendingLimitPerApp: .max, authorizationPolicy: .grantAll)
    configuration.lateTolerance = 0.5
    let log = try DeliveryLog(path: options.log)
    let engine = try NotificationEngine(
        store: .sqlite(path: options.database), scheduler: QueueScheduler(name: "engine-soak"),
        configuration: configuration, presenters: [log])
    try await seedIfNew(engine, options: options)
    while DeliveryLog.identifiers(in: options.log).count < options.count {
        try await Task.sleep(for: .milliseconds(20))
    }
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("engine-soak: \(error)\n".utf8))
    exit(1)
}
