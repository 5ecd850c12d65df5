import BenchmarkSupport
import Foundation

// Usage: PushBenchmarks [P1] [P4]   (default: P1)
// Environment:
//   BENCH_PUSHES=50000        pushes per h2load run (default 50,000; the warm-up is a tenth)
//   BENCH_CLIENTS=8           h2load's clients (connections), -c (default 8)
//   BENCH_STREAMS=32          concurrent streams per client, -m (default 32)
//   BENCH_ROUNDS=3            runs per side (default 3; the median is shown)
//   BENCH_TRANSPORTS=tls,h2c  the provider API over TLS (ALPN h2) and over h2c (default both)
//   BENCH_BROWSERS=4          P4: browsers subscribed to Web Push (default 4)
//   BENCH_DELIVERIES=500      P4: deliveries per round, each sent to every browser (default 500, added 256 at a time)
//
// Needs `h2load` on the PATH (apt-get install nghttp2-client).

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let environment = ProcessInfo.processInfo.environment
    let workloads = Set(arguments.map { $0.uppercased() })
    guard workloads.isSubset(of: ["P1", "P4"]) else {
        throw BenchmarkFailure("unknown workload in \(arguments.joined(separator: " ")); known: P1, P4")
    }
    let pushes = max(1, environment["BENCH_PUSHES"].flatMap(Int.init) ?? 50_000)
    let load = H2Load.Load(
        requests: pushes, clients: max(1, environment["BENCH_CLIENTS"].flatMap(Int.init) ?? 8),
        streams: max(1, environment["BENCH_STREAMS"].flatMap(Int.init) ?? 32))
    let rounds = max(1, environment["BENCH_ROUNDS"].flatMap(Int.init) ?? 3)
    let transports = (environment["BENCH_TRANSPORTS"] ?? "tls,h2c").lowercased().split(separator: ",")
    guard Set(transports).isSubset(of: ["tls", "h2c"]), !transports.isEmpty else {
        throw BenchmarkFailure("BENCH_TRANSPORTS takes tls, h2c or both, not \(transports.joined(separator: ","))")
    }

    print("Herald push benchmarks, \(Machine.build)")
    print(Machine.summary(run: "\(rounds) run(s) per side, h2load \(load) -t 1"))
    let clock = ContinuousClock()
    let start = clock.now
    if workloads.isEmpty || workloads.contains("P1") {
        print("\nrunning P1: POST /3/device/{token}, the daemon beside the bare listener …")
        var table = Table([
            "transport", "load", "daemon pushes/s>", "daemon p50 / p90 / p99 / max ms>", "bare listener req/s>",
            "bare p50 / p90 / p99 / max ms>", "daemon / bare>", "goal", "met",
        ])
        for transport in transports {
            table.add(
                try await ProviderBenchmark.run(
                    plaintext: transport == "h2c", load: load, warmUp: max(1, pushes / 10), rounds: rounds))
        }
        print("\n" + table.text)
    }
    if workloads.contains("P4") {
        let browsers = max(1, environment["BENCH_BROWSERS"].flatMap(Int.init) ?? 4)
        let deliveries = max(1, environment["BENCH_DELIVERIES"].flatMap(Int.init) ?? 500)
        print("\nrunning P4: Web Push messages sent, beside swift-crypto's encryption alone …")
        var table = Table([
            "browsers × deliveries", "daemon sent/s>", "requests made/s (1 thread)>", "encryption alone/s (1 thread)>",
            "sent / alone>", "goal", "met",
        ])
        table.add(try await WebPushBenchmark.run(browsers: browsers, deliveries: deliveries, rounds: rounds))
        print("\n" + table.text)
    }
    print("\nload average (1 min) at end: \(Machine.loadAverage); took \(fixed((clock.now - start) / .seconds(1), 0)) s")
    exit(0)
} catch {
    FileHandle.standardError.write(Data("PushBenchmarks: \(error)\n".utf8))
    exit(1)
}
