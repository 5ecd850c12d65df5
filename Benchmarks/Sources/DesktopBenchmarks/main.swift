import BenchmarkSupport
import DesktopNotifications
import Foundation
import NotificationEngine
import Signals

// Usage: DesktopBenchmarks            X1: due → Notify at the notification server
// Environment: BENCH_SCALE=0.1 (1,000 deliveries at 1), BENCH_ROUNDS=1 (3 by default)
// Needs dbus-daemon, Debian's python3-dbus and python3-gi, and notify-send (libnotify-bin).

let environment = ProcessInfo.processInfo.environment
let scale = environment["BENCH_SCALE"].flatMap(Double.init) ?? 1
let rounds = max(1, environment["BENCH_ROUNDS"].flatMap(Int.init) ?? 3)
do {
    print("Desktop benchmarks, \(Machine.build)")
    print(Machine.summary(run: "scale \(scale); median of \(rounds) rounds"))
    print("\nrunning X1: due → Notify at the notification server …")
    print("\n" + (try await NotifyLatencyBenchmark.run(scale: scale, rounds: rounds)))
} catch {
    FileHandle.standardError.write(Data("DesktopBenchmarks: \(error)\n".utf8))
    exit(1)
}
