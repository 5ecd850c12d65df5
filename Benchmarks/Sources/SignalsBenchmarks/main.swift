import Foundation

// Usage: SignalsBenchmarks [ID …]        run only the workloads whose id is given (e.g. B3)
// Environment:
//   BENCH_SCALE=0.1                       scale every workload's size (default 1)
//   BENCH_PROFILE=signals|opencombine|floor|otherfloor
//                                         run only that side of the selected workloads,
//                                         BENCH_PROFILE_RUNS times (default 3), untimed: for perf/valgrind

let arguments = CommandLine.arguments.dropFirst().map { $0.uppercased() }
let environment = ProcessInfo.processInfo.environment
let scale = environment["BENCH_SCALE"].flatMap(Double.init) ?? 1
let selected = Workloads.all.filter { arguments.isEmpty || arguments.contains($0.id) }

guard !selected.isEmpty else {
    let ids = Workloads.all.map(\.id).joined(separator: " ")
    print("no workload matches \(arguments.joined(separator: " ")); known: \(ids)")
    exit(2)
}

/// The 1-minute load average, to tell whether other work shared the machine during the run.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").first.map(String.init) ?? "n/a"
}

if let profiled = environment["BENCH_PROFILE"]?.lowercased() {
    let runs = environment["BENCH_PROFILE_RUNS"].flatMap(Int.init) ?? 3
    for workload in selected {
        guard let side = workload.make(scale).side(named: profiled) else {
            print("\(workload.id) has no side \(profiled)")
            continue
        }
        for _ in 0..<runs { blackhole(side()) }
        print("\(workload.id) \(profiled): ran \(runs) times")
    }
    print("checksum \(blackholeStorage)")
    exit(0)
}

print("Signals vs OpenCombine 0.14.0 — median of \(Harness.runs) runs after 1 warm-up, scale \(scale)")
print("load average (1 min) at start: \(loadAverage())")
var rows: [Row] = []
for workload in selected {
    print("running \(workload.id): \(workload.title) …")
    let row = Row(measuring: workload.make(scale))
    if !row.checksumsAgree {
        print("warning: \(row.id) checksums differ — the sides did not compute the same thing")
    }
    rows.append(row)
}
print("")
print(Report.table(rows))
print("")
print("load average (1 min) at end: \(loadAverage()); checksum \(blackholeStorage)")
