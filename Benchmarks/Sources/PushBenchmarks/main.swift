import BenchmarkSupport
import Foundation

// Usage: PushBenchmarks [P1]
// Environment:
//   BENCH_PUSHES=50000        pushes per h2load run (default 50,000; the warm-up is a tenth)
//   BENCH_CLIENTS=8           h2load's clients (connections), -c (default 8)
//   BENCH_STREAMS=32          concurrent streams per client, -m (default 32)
//   BENCH_ROUNDS=3            runs per side (default 3; the median is shown)
//   BENCH_TRANSPORTS=tls,h2c  the provider API over TLS (ALPN h2) and over h2c (default both)
//
// Needs `h2load` on the PATH (apt-get install nghttp2-client).

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let environment = ProcessInfo.processInfo.environment
    guard Set(arguments.map { $0.uppercased() }).isSubset(of: ["P1"]) else {
        throw BenchmarkFailure("unknown workload in \(arguments.joined(separator: " ")); known: P1")
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

    print("Herald push benchmarks (provider API over HTTP/2), \(Machine.build)")
    print(Machine.summary(run: "\(rounds) run(s) per side, h2load \(load) -t 1"))
    let clock = ContinuousClock()
    let start = clock.now
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
    print("\nload average (1 min) at end: \(Machine.loadAverage); took \(fixed((clock.now - start) / .seconds(1), 0)) s")
    exit(0)
} catch {
    FileHandle.standardError.write(Data("PushBenchmarks: \(error)\n".utf8))
    exit(1)
}
