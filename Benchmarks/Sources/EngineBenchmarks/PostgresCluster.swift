import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL server E5–E7 run against: `BENCH_POSTGRES_URL`, or a throwaway
/// cluster started with the repository's `scripts/postgres` for the run and stopped
/// after it. Each side of a workload gets a schema of its own (`?schema=`).
final class PostgresCluster: @unchecked Sendable {
    let url: String
    private let directory: String?

    /// The shared cluster, started on first use.
    nonisolated(unsafe) static var shared: PostgresCluster?

    static func get() throws -> PostgresCluster {
        if let shared { return shared }
        let cluster = try PostgresCluster()
        shared = cluster
        return cluster
    }

    private init() throws {
        if let url = ProcessInfo.processInfo.environment["BENCH_POSTGRES_URL"], !url.isEmpty {
            self.url = url
            directory = nil
            return
        }
        let script = ["scripts/postgres", "../scripts/postgres"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let script else {
            throw BenchmarkFailure("set BENCH_POSTGRES_URL, or run from the repository or Benchmarks/ (scripts/postgres)")
        }
        let directory = "/tmp/herald-bench-postgres-\(getpid())"
        let output = try Self.run(script, ["start", directory, "\(try Self.freePort())"])
        url = output.trimmingCharacters(in: .whitespacesAndNewlines)
        self.directory = directory
        self.script = script
    }

    private var script: String?

    /// A TCP port on loopback that nothing listens on now.
    private static func freePort() throws -> Int {
        let output = try run("python3", ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        guard let port = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkFailure("no free port: \(output)")
        }
        return port
    }

    /// Stops a cluster this run started.
    func stop() {
        guard let directory, let script else { return }
        _ = try? Self.run(script, ["stop", directory])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The URL of a new schema.
    func schemaURL(_ label: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "schema=bench_\(label)_\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// The server's `pgbench`.
    var pgbench: String {
        let candidates = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let versions = candidates.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        return versions.last.map { "/usr/lib/postgresql/\($0)/bin/pgbench" } ?? "pgbench"
    }

    /// Runs SQL with the server's `psql` (beside `pgbench`), for setting up peers.
    func psql(_ sql: String, url: String? = nil) throws -> String {
        let psql = (pgbench as NSString).deletingLastPathComponent + "/psql"
        return try Self.run(FileManager.default.isExecutableFile(atPath: psql) ? psql : "psql",
                            [url ?? self.url, "-v", "ON_ERROR_STOP=1", "-Atq", "-c", sql])
    }

    /// Runs a program; returns its standard output, or throws with its standard error.
    /// Both go to files, not pipes, and the child is waited for with `waitpid`:
    /// the server `scripts/postgres` starts keeps running after the script exits,
    /// and Foundation's `Process` was seen never to notice the script's exit then.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let scratch = try ScratchDirectory("run")
        let outputPath = scratch.path("stdout")
        let errorPath = scratch.path("stderr")
        let quoted = ([program] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = quoted.joined(separator: " ") + " > '\(outputPath)' 2> '\(errorPath)' < /dev/null"
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkFailure("cannot run \(program): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw BenchmarkFailure("\(program) \(arguments.joined(separator: " ")) failed: \(errors)")
        }
        return output
    }
}
