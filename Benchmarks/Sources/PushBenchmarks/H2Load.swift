import BenchmarkSupport
import Foundation

/// Runs `h2load` (nghttp2's HTTP/2 load generator) against a URL, and reads its
/// summary and its per-request log (`--log-file`: start, status, microseconds).
enum H2Load {
    /// What one run measured.
    struct Result {
        /// Requests answered, as the summary counts them.
        var done: Int
        /// Requests answered 200, as the log has them.
        var ok: Int
        /// How many requests had each status, as the log has them.
        var statuses: [String: Int]
        /// Requests per second, as h2load prints it (`finished in …, N req/s`).
        var perSecond: Double
        var p50: Double
        var p90: Double
        var p99: Double
        var max: Double
    }

    /// The load: requests in all, clients (connections) and streams per client.
    struct Load: CustomStringConvertible {
        var requests: Int
        var clients: Int
        var streams: Int

        var description: String { "-n \(requests) -c \(clients) -m \(streams)" }
    }

    /// `POST`s `payload` to `url` with `headers`, `load.requests` times.
    static func run(_ url: String, headers: [String], payload: URL, load: Load) throws -> Result {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("push-bench-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["h2load", "-n", "\(load.requests)", "-c", "\(load.clients)", "-m", "\(load.streams)", "-t", "1"]
            + headers.flatMap { ["-H", $0] } + ["-d", payload.path, "--log-file", log.path, url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, let perSecond = number(after: "finished in", before: " req/s", in: text),
            let done = number(after: "requests:", before: " done", in: text)
        else {
            throw BenchmarkFailure("h2load failed (status \(process.terminationStatus)); is it installed? Output:\n\(text)")
        }
        let (statuses, latencies) = try readLog(log)
        return Result(
            done: Int(done), ok: statuses["200", default: 0], statuses: statuses, perSecond: perSecond, p50: Statistics.percentile(latencies, 50),
            p90: Statistics.percentile(latencies, 90), p99: Statistics.percentile(latencies, 99),
            max: latencies.max() ?? .nan)
    }

    /// How many requests had each status, and every request's time in milliseconds.
    private static func readLog(_ file: URL) throws -> (statuses: [String: Int], latencies: [Double]) {
        let text = try String(contentsOf: file, encoding: .utf8)
        var statuses: [String: Int] = [:]
        var latencies: [Double] = []
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: "\t")
            guard columns.count >= 3, let micros = Double(columns[2]) else { continue }
            statuses[String(columns[1]), default: 0] += 1
            latencies.append(micros / 1_000)
        }
        return (statuses, latencies)
    }

    /// The last number in the line starting with `prefix`, before `suffix`:
    /// `finished in 2.51s, 19920.35 req/s` gives 19920.35.
    private static func number(after prefix: String, before suffix: String, in text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
            let end = line.range(of: suffix)
        else { return nil }
        return line[..<end.lowerBound].split(whereSeparator: { $0 == " " || $0 == "," }).last.flatMap { Double($0) }
    }
}
