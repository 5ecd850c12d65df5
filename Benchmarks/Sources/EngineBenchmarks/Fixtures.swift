import Foundation
import NotificationEngine
import Signals

/// The app every benchmark schedules for.
let benchmarkApp: AppIdentifier = "org.herald.bench"

/// The requests, engines and files the workloads share.
enum Fixtures {
    /// A to-do reminder like the ones of seed 001: a title naming the item, a body, the
    /// default sound and the item's UUID in `userInfo`, firing once after `interval`.
    /// About 330 bytes of JSON in the store. E9 takes it without sound and with
    /// a `filterCriteria`.
    static func request(
        _ index: Int, interval: TimeInterval, sound: NotificationSound? = .default, filterCriteria: String = ""
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: "item-\(index)",
            content: NotificationContent(
                title: "Todo Item \"Buy milk and bread #\(index)\" Is Overdue",
                body: "Open the list to mark it done or to move its deadline.",
                sound: sound,
                userInfo: ["UUID": .string(uuid(index))], filterCriteria: filterCriteria),
            trigger: .timeInterval(TimeIntervalTrigger(interval: interval, repeats: false)))
    }

    /// A UUID-shaped identifier that differs for each index.
    static func uuid(_ index: Int) -> String {
        let digits = String(index)
        return "6F9619FF-8B86-4D11-B42D-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// No pending limit (a million requests of one app) and every app authorized.
    static var configuration: NotificationEngine.Configuration {
        NotificationEngine.Configuration(pendingLimitPerApp: .max, authorizationPolicy: .grantAll)
    }

    /// An engine on the real clock with ``benchmarkApp`` authorized.
    static func engine(
        _ store: NotificationStoreKind, name: String, presenters: [any Presenter] = []
    ) async throws -> NotificationEngine {
        let engine = try NotificationEngine(
            store: store, scheduler: QueueScheduler(name: name), configuration: configuration,
            presenters: presenters)
        _ = try await engine.requestAuthorization(options: [.alert, .sound, .badge], for: benchmarkApp)
        return engine
    }
}

/// A directory under the temporary directory (or under `parent`), removed with everything
/// in it on deinit.
final class ScratchDirectory {
    let url: URL

    init(_ label: String, in parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("herald-bench-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Waits until `condition` holds, looking every 5 ms; throws after `timeout`.
func waitUntil(_ what: String, timeout: Duration, _ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { throw BenchmarkFailure("timed out after \(timeout) waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// Seconds in a `Duration`.
func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}
