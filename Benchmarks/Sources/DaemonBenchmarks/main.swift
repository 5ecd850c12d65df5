import BenchmarkSupport
import Foundation

// Usage: DaemonBenchmarks [ID …]      run only the workloads whose id is given (D1 D2 D3)
// Environment:
//   BENCH_CONNECTIONS=16,4             wrk's connections, one load point each (default 16,4)
//   BENCH_DURATION=10                  seconds per wrk run (default 10)
//   BENCH_ROUNDS=1                     runs per side and load point (default 1; the median is shown)
//   BENCH_EVENTS=2000                  deliveries per D3 round (default 2,000)
//
// Needs `wrk` on the PATH (apt-get install wrk).

/// What the workloads share: the daemon, the peer and the peer's state.
struct Setup {
    let daemon: DaemonUnderTest
    let peerURL: String
    let lists: Peer.Lists
    let schedule: Peer.Schedule
    let floor: DurableFloor
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let environment = ProcessInfo.processInfo.environment
    let connections = (environment["BENCH_CONNECTIONS"] ?? "16,4").split(separator: ",").compactMap { Int($0) }
    let duration = environment["BENCH_DURATION"].flatMap(Int.init) ?? 10
    let rounds = max(1, environment["BENCH_ROUNDS"].flatMap(Int.init) ?? 1)
    let events = max(1, environment["BENCH_EVENTS"].flatMap(Int.init) ?? 2_000)
    let loads = connections.map { Wrk.Load(threads: 1, connections: $0, seconds: duration) }
    let wanted = Set(arguments.map { $0.uppercased() })
    let known: Set = ["D1", "D2", "D3"]
    guard wanted.isSubset(of: known) else {
        throw BenchmarkFailure("unknown workload in \(arguments.joined(separator: " ")); known: D1 D2 D3")
    }
    let selected = wanted.isEmpty ? known : wanted

    print("Herald daemon benchmarks (HTTP), \(Machine.build)")
    print(Machine.summary(run: "\(rounds) run(s) per side and load"))
    let daemon = try await DaemonUnderTest.start(pendingLimit: 10_000_000)
    let lists = Peer.Lists()
    let schedule = Peer.Schedule()
    let floor = try DurableFloor(directory: daemon.directory.appendingPathComponent("floor"))
    let peerURL = try await Peer.start(token: daemon.admin, lists: lists, schedule: schedule, floor: floor)
    let setup = Setup(daemon: daemon, peerURL: peerURL, lists: lists, schedule: schedule, floor: floor)
    print("daemon (HeraldDaemon in this process, real clock, SQLite in \(daemon.directory.path)) at \(daemon.url); "
        + "peer (bare Hummingbird) at \(peerURL); wrk loads: \(loads.map(\.description).joined(separator: ", "))")

    let clock = ContinuousClock()
    let start = clock.now
    if selected.contains("D1") {
        print("\nrunning D1: POST /v1/apps/{app}/requests, one request per call …")
        print("\n" + (try await HTTPBenchmarks.adds(setup, loads: loads, rounds: rounds)))
    }
    if selected.contains("D2") {
        print("\nrunning D2: GET /v1/apps/{app}/requests with 64 pending …")
        print("\n" + (try await HTTPBenchmarks.list(setup, loads: loads, rounds: rounds)))
    }
    if selected.contains("D3") {
        print("\nrunning D3: due instant → `delivered` event at a WebSocket client, \(events) deliveries 5 ms apart …")
        print("\n" + (try await EventLatencyBenchmark.run(setup, count: events, rounds: rounds)))
    }
    print("\nload average (1 min) at end: \(Machine.loadAverage); took \(fixed((clock.now - start) / .seconds(1), 0)) s")
    try? FileManager.default.removeItem(at: daemon.directory)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("DaemonBenchmarks: \(error)\n".utf8))
    exit(1)
}
