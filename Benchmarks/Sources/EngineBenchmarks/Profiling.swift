import Foundation

/// Brackets the measured part of a workload for a profiler: with `BENCH_PERF_FIFO` set to
/// the control FIFO of `perf record --control=fifo:FIFO -D -1`, perf samples only between
/// ``enable()`` and ``disable()`` (the adds of E1's engine side, E2's engine side from the
/// add to the last presentation, E3 from the end of the adds to the last presentation).
enum Profiling {
    static let fifo = ProcessInfo.processInfo.environment["BENCH_PERF_FIFO"]

    static func enable() {
        send("enable")
    }

    static func disable() {
        send("disable")
    }

    private static func send(_ command: String) {
        guard let fifo, let handle = FileHandle(forWritingAtPath: fifo) else { return }
        handle.write(Data((command + "\n").utf8))
        try? handle.close()
    }
}
