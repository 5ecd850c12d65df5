// WebView benchmarks: the WebView API against WebKitGTK's C API called directly, in one
// process and one run, under a GLib main loop. Needs a display: run.sh uses xvfb-run.
//
// Usage: WebViewBenchmarks [W1 W2 W3]
// Environment: BENCH_ROUNDS (default 3; the median round is shown), BENCH_SCALE (default 1).

import BenchmarkSupport
import Foundation
import WebView

setenv("GTK_A11Y", "none", 1)
setenv("NO_AT_BRIDGE", "1", 1)

let environment = ProcessInfo.processInfo.environment
let rounds = max(1, environment["BENCH_ROUNDS"].flatMap(Int.init) ?? 3)
let scale = environment["BENCH_SCALE"].flatMap(Double.init) ?? 1
let wanted = CommandLine.arguments.dropFirst().map { $0.uppercased() }

do {
    try MainLoop.prepare()
} catch {
    FileHandle.standardError.write(Data("WebViewBenchmarks: \(error)\n".utf8))
    exit(2)
}

Task { @MainActor in
    print("WebView benchmarks, \(Machine.build)")
    print(Machine.summary(run: "rounds \(rounds), scale \(scale)"))
    let workloads: [(String, String, @MainActor () async throws -> String)] = [
        ("W1", "evaluateJavaScript round trips", { try await Workloads.evaluate(count: Int(2_000 * scale), rounds: rounds) }),
        ("W2", "script messages from a page to Swift", { try await Workloads.messages(count: Int(20_000 * scale), rounds: rounds) }),
        ("W3", "create, load, read the title, destroy", { try await Workloads.lifecycle(count: Int(100 * scale), rounds: rounds) }),
    ]
    do {
        for (id, title, run) in workloads where wanted.isEmpty || wanted.contains(id) {
            print("\n### \(id): \(title)\n")
            print(try await run())
        }
        exit(0)
    } catch {
        print("WebViewBenchmarks failed: \(error)")
        exit(1)
    }
}
MainLoop.run()
