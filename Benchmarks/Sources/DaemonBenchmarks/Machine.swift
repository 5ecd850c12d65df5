import Foundation

/// Facts about the machine and this process, read from `/proc`: printed with every run so
/// that figures are never separated from where they were measured.
enum Machine {
    /// The CPU model (`model name` in `/proc/cpuinfo`).
    static var cpuModel: String {
        let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }

    /// `MemTotal` from `/proc/meminfo`, in kB.
    static var memoryKilobytes: Int {
        field("MemTotal", in: "/proc/meminfo") ?? 0
    }

    /// The 1-minute load average, to tell whether other work shared the machine.
    static var loadAverage: String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.map(String.init) ?? "n/a"
    }

    /// The kernel release (`/proc/sys/kernel/osrelease`).
    static var kernel: String {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }


    /// The lines printed at the top of every run.
    static func summary(rounds: Int) -> String {
        let date = ISO8601DateFormatter().string(from: Date())
        let memory = Double(memoryKilobytes) / 1_048_576
        return """
            machine: \(cpuModel), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
            \(fixed(memory, 1)) GiB, Linux \(kernel)
            date: \(date); \(rounds) run(s) per side and load; load average (1 min) at start: \(loadAverage)
            """
    }

    /// The value in kB of a `Name:   123 kB` line of a `/proc` file.
    private static func field(_ name: String, in path: String) -> Int? {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
