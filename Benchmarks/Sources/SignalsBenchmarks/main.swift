import Foundation

// Usage: SignalsBenchmarks [ID …]        run only the workloads whose id is given (e.g. B3)
// Environment: BENCH_SCALE=0.1           scale every workload's size (default 1)

let arguments = CommandLine.arguments.dropFirst().map { $0.uppercased() }
let scale = ProcessInfo.processInfo.environment["BENCH_SCALE"].flatMap(Double.init) ?? 1
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

print("Signals vs OpenCombine 0.14.0 — median of \(Harness.runs) runs after 1 warm-up, scale \(scale)")
print("load average (1 min) at start: \(loadAverage())")
var rows: [Row] = []
for workload in selected {
    print("running \(workload.id): \(workload.title) …")
    let row = workload.run(scale)
    if !row.checksumsAgree {
        print("warning: \(row.id) checksums differ — the sides did not compute the same thing")
    }
    rows.append(row)
}
print("")
print(Report.table(rows))
print("")
print("load average (1 min) at end: \(loadAverage()); checksum \(blackholeStorage)")
