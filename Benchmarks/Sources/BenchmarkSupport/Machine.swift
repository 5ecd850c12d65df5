import Foundation

/// Facts about the machine and this process, read from `/proc`: printed with every run so
/// that figures are never separated from where they were measured.
public enum Machine {
    /// The CPU model (`model name` in `/proc/cpuinfo`).
    public static var cpuModel: String {
        let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }

    /// `MemTotal` from `/proc/meminfo`, in kB.
    public static var memoryKilobytes: Int {
        field("MemTotal", in: "/proc/meminfo") ?? 0
    }

    /// "release build", or "debug build" (whose figures mean little).
    public static var build: String {
        #if DEBUG
        "debug build"
        #else
        "release build"
        #endif
    }

    /// The 1-minute load average, to tell whether other work shared the machine.
    public static var loadAverage: String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.map(String.init) ?? "n/a"
    }

    /// The kernel release (`/proc/sys/kernel/osrelease`).
    public static var kernel: String {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// This process's resident set (`VmRSS`), in kB.
    public static var residentKilobytes: Int {
        field("VmRSS", in: "/proc/self/status") ?? 0
    }

    /// This process's peak resident set (`VmHWM`), in kB.
    public static var peakResidentKilobytes: Int {
        field("VmHWM", in: "/proc/self/status") ?? 0
    }

    /// The lines printed at the top of every run; `run` says how it was run
    /// (scale, rounds).
    public static func summary(run: String) -> String {
        let date = ISO8601DateFormatter().string(from: Date())
        let memory = Double(memoryKilobytes) / 1_048_576
        return """
            machine: \(cpuModel), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
            \(fixed(memory, 1)) GiB, Linux \(kernel)
            date: \(date); \(run); load average (1 min) at start: \(loadAverage)
            """
    }

    /// The value in kB of a `Name:   123 kB` line of a `/proc` file.
    private static func field(_ name: String, in path: String) -> Int? {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
