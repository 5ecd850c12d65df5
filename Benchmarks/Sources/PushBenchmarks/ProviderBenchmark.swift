import BenchmarkSupport
import Foundation
import Synchronization

/// P1: pushes accepted per second by the daemon's provider API (`POST /3/device/{token}`),
/// `h2load` against the daemon and against the bare listener, taking turns.
enum ProviderBenchmark {
    /// The push every request carries: an alert, no collapse id, so each one is a delivery.
    static let payload = #"{"aps":{"alert":{"title":"Benchmark","body":"Pushed by h2load"},"sound":"default"}}"#

    /// P1 over one transport: a warm-up of each side, then `rounds` runs of each in turn.
    static func run(plaintext: Bool, load: H2Load.Load, warmUp: Int, rounds: Int) async throws -> [String] {
        let transport = plaintext ? "h2c" : "TLS, ALPN h2"
        let daemon = try await DaemonUnderTest.start(plaintext: plaintext)
        let peerURL = try await Peer.start(plaintext: plaintext, serving: daemon)
        print("  P1 \(transport): daemon's provider API at \(daemon.pushURL) (HTTP API \(daemon.apiURL), data in "
            + "\(daemon.directory.path)); bare listener at \(peerURL)")
        let file = daemon.directory.appendingPathComponent("payload.json")
        try Data(payload.utf8).write(to: file)
        let path = "/3/device/\(daemon.deviceToken)"
        let headers = [
            "authorization: bearer \(daemon.providerToken)", "apns-topic: \(DaemonUnderTest.app)", "apns-push-type: alert",
        ]
        var warm = load
        warm.requests = warmUp
        _ = try await pushes(daemon, url: daemon.pushURL + path, headers: headers, payload: file, load: warm)
        _ = try peerRun(peerURL + path, headers: headers, payload: file, load: warm)
        var ours: [H2Load.Result] = []
        var peers: [H2Load.Result] = []
        for _ in 0..<rounds {
            ours.append(try await pushes(daemon, url: daemon.pushURL + path, headers: headers, payload: file, load: load))
            peers.append(try peerRun(peerURL + path, headers: headers, payload: file, load: load))
            print("  P1 \(transport) \(load): daemon \(grouped(ours.last!.perSecond))/s p99 \(fixed(ours.last!.p99, 2)) ms; "
                + "bare listener \(grouped(peers.last!.perSecond))/s p99 \(fixed(peers.last!.p99, 2)) ms; load \(Machine.loadAverage)")
        }
        let o = median(ours)
        let p = median(peers)
        try? FileManager.default.removeItem(at: daemon.directory)
        return [
            transport, "\(load)", grouped(o.perSecond), latencies(o), grouped(p.perSecond), latencies(p),
            fixed(o.perSecond / p.perSecond, 2), "≥ 0.5 of the bare listener", met(o.perSecond >= 0.5 * p.perSecond),
        ]
    }

    /// A run against the daemon: every push answered 200, and the app's deliveries
    /// grown by as many (waited for, 60 s at most).
    private static func pushes(
        _ daemon: DaemonUnderTest, url: String, headers: [String], payload: URL, load: H2Load.Load
    ) async throws -> H2Load.Result {
        let before = daemon.deliveries.count.load(ordering: .relaxed)
        let result = try H2Load.run(url, headers: headers, payload: payload, load: load)
        try check(result, load: load, side: "the daemon")
        let deadline = ContinuousClock.now + .seconds(60)
        while daemon.deliveries.count.load(ordering: .relaxed) - before < load.requests, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let grown = daemon.deliveries.count.load(ordering: .relaxed) - before
        guard grown == load.requests else {
            throw BenchmarkFailure("h2load had \(load.requests) pushes accepted, the app's deliveries grew by \(grown)")
        }
        return result
    }

    private static func peerRun(_ url: String, headers: [String], payload: URL, load: H2Load.Load) throws -> H2Load.Result {
        let result = try H2Load.run(url, headers: headers, payload: payload, load: load)
        try check(result, load: load, side: "the bare listener")
        return result
    }

    /// Every request answered, and every answer 200.
    private static func check(_ result: H2Load.Result, load: H2Load.Load, side: String) throws {
        guard result.done == load.requests, result.ok == load.requests else {
            throw BenchmarkFailure(
                "\(side) answered \(result.done) of \(load.requests) pushes, \(result.ok) of them 200 (statuses: "
                    + result.statuses.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: ", ") + ")")
        }
    }

    /// The run with the median requests per second.
    static func median(_ results: [H2Load.Result]) -> H2Load.Result {
        results.sorted { $0.perSecond < $1.perSecond }[(results.count - 1) / 2]
    }

    static func latencies(_ result: H2Load.Result) -> String {
        [result.p50, result.p90, result.p99, result.max].map { fixed($0, 2) }.joined(separator: " / ")
    }
}
