import Foundation

/// Runs `wrk` (the HTTP load generator, https://github.com/wg/wrk) against a URL with
/// a Lua script, and reads the figures the script's `done` prints.
enum Wrk {
    /// What one `wrk` run measured.
    struct Result {
        var requests: Int
        var seconds: Double
        /// Answers that were not 2xx/3xx, and connect, read, write and timeout errors.
        var errors: Int
        var p50: Double
        var p90: Double
        var p99: Double
        var max: Double

        var perSecond: Double { Double(requests) / seconds }
    }

    /// The load: threads, connections and duration, as `-t`, `-c` and `-d`.
    struct Load: CustomStringConvertible {
        var threads: Int
        var connections: Int
        var seconds: Int

        var description: String { "-t\(threads) -c\(connections) -d\(seconds)s" }
    }

    /// The `done` callback every script ends with: one `RESULT` line, latencies in µs.
    static let done = """
        done = function(summary, latency, requests)
          local e = summary.errors
          io.write(string.format("RESULT %d %d %d %d %d %d %d %d %d %d %d\\n",
            summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
            latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
        end
        """

    /// A script that sends `POST` with a request body whose identifier is unique per
    /// request: each thread's Lua state numbers its requests, prefixed by its thread number.
    static func addScript(token: String) -> String {
        """
        local threads = 0
        function setup(thread)
          threads = threads + 1
          thread:set("prefix", "t" .. threads)
        end
        prefix = "t1"
        local counter = 0
        wrk.method = "POST"
        wrk.headers["Authorization"] = "Bearer \(token)"
        wrk.headers["Content-Type"] = "application/json"
        request = function()
          counter = counter + 1
          local body = '{"identifier":"' .. prefix .. '-' .. counter .. '",'
            .. '"content":{"title":"Benchmark","body":"Added by wrk"},'
            .. '"trigger":{"type":"timeInterval","interval":86400,"repeats":false}}'
          return wrk.format(nil, nil, nil, body)
        end
        \(done)
        """
    }

    /// A script that sends `GET` with the bearer token.
    static func getScript(token: String) -> String {
        """
        wrk.method = "GET"
        wrk.headers["Authorization"] = "Bearer \(token)"
        \(done)
        """
    }

    /// Runs `wrk --latency` with `script` against `url`.
    static func run(_ url: String, script: String, load: Load) throws -> Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("daemon-bench-\(UUID().uuidString).lua")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "wrk", "-t\(load.threads)", "-c\(load.connections)", "-d\(load.seconds)s", "--timeout", "5s",
            "-s", file.path, url,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") })
        else {
            throw BenchmarkFailure("wrk failed (status \(process.terminationStatus)); is it installed? Output:\n\(text)")
        }
        let n = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard n.count == 11 else { throw BenchmarkFailure("cannot read wrk's result: \(line)") }
        return Result(
            requests: Int(n[0]), seconds: n[1] / 1_000_000, errors: Int(n[2] + n[3] + n[4] + n[5] + n[6]),
            p50: n[7] / 1_000, p90: n[8] / 1_000, p99: n[9] / 1_000, max: n[10] / 1_000)
    }
}
