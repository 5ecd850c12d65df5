import BenchmarkSupport
import Foundation

// Usage: EngineBenchmarks [ID …]      run only the workloads whose id is given (E1 … E9)
// Environment:
//   BENCH_SCALE=0.1                    scale every workload's size (default 1); E2 keeps its
//                                      rate (1,000 requests over 1 s at 0.1)
//   BENCH_ROUNDS=1                     rounds per side (default 3; the median is shown)
//   BENCH_E4_DATABASE=FILE             keep E4's million-request database in FILE and reuse it
//   BENCH_POSTGRES_URL=postgres://…    the server for E5–E8 (default: a throwaway cluster started
//                                      with scripts/postgres for the run)

/// One workload: it runs its sides in turn and returns its table.
struct Workload {
    let id: String
    let title: String
    let run: (_ scale: Double, _ rounds: Int) async throws -> String
}

let workloads = [
    Workload(id: "E1", title: "adds per second into the SQLite store", run: AddsBenchmark.run),
    Workload(id: "E2", title: "lateness on the real clock", run: LatenessBenchmark.run),
    Workload(id: "E3", title: "a burst of requests due at the same instant", run: BurstBenchmark.run),
    Workload(id: "E4", title: "start-up time and memory with a million pending requests", run: StartupBenchmark.run),
    Workload(id: "E5", title: "batched adds into the PostgreSQL store beside pgbench", run: PostgresAddsBenchmark.run),
    Workload(id: "E6", title: "lateness with three engines sharing one PostgreSQL schema", run: SharedLatenessBenchmark.run),
    Workload(id: "E7", title: "failover after SIGKILL of the firing node", run: FailoverBenchmark.run),
    Workload(id: "E8", title: "per-operation costs for capacity planning, on each store", run: CapacityBenchmark.run),
    Workload(id: "E9", title: "a burst with and without a Focus (100 apps, 1,000 filter criteria)", run: FocusBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case StartupBenchmark.childCommand: try await StartupBenchmark.childMain(Array(arguments.dropFirst()))
    case BurstBenchmark.childCommand: try await BurstBenchmark.childMain(Array(arguments.dropFirst()))
    case FailoverBenchmark.childCommand: try await FailoverBenchmark.childMain(Array(arguments.dropFirst()))
    default: break
    }
    let environment = ProcessInfo.processInfo.environment
    let scale = environment["BENCH_SCALE"].flatMap(Double.init) ?? 1
    let rounds = max(1, environment["BENCH_ROUNDS"].flatMap(Int.init) ?? 3)
    let wanted = arguments.map { $0.uppercased() }
    let selected = workloads.filter { wanted.isEmpty || wanted.contains($0.id) }
    guard !selected.isEmpty else {
        throw BenchmarkFailure("no workload matches \(arguments.joined(separator: " ")); known: E1 … E9")
    }
    print("NotificationEngine benchmarks, \(Machine.build)")
    print(Machine.summary(run: "scale \(scale); median of \(rounds) rounds"))
    let clock = ContinuousClock()
    let start = clock.now
    for workload in selected {
        print("\nrunning \(workload.id): \(workload.title) …")
        let started = clock.now
        let table = try await workload.run(scale, rounds)
        print("\n" + table + "\n\n\(workload.id) took \(fixed(seconds(clock.now - started), 0)) s")
    }
    print("\nload average (1 min) at end: \(Machine.loadAverage); took \(fixed(seconds(clock.now - start), 0)) s")
    PostgresCluster.shared?.stop()
} catch {
    PostgresCluster.shared?.stop()
    FileHandle.standardError.write(Data("EngineBenchmarks: \(error)\n".utf8))
    exit(1)
}
