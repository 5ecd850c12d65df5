public import Foundation
import Synchronization
import Testing

/// The built `herald` executable, run as a person or a script would.
public enum HeraldBinary {
    /// `herald` beside the test bundle (SwiftPM builds every executable with the
    /// tests), or `$HERALD_BINARY`.
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["HERALD_BINARY"] { return URL(fileURLWithPath: path) }
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("herald")
    }
}

/// What a finished command printed and its exit status.
public struct CommandResult: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    public init(status: Int32, output: String, errors: String) {
        self.status = status
        self.output = output
        self.errors = errors
    }

    /// The standard output as JSON.
    public func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "not JSON: \(output)")
    }
}

/// A `herald` process (or another program's) whose output goes to files in a scratch directory.
public final class HeraldProcess: Sendable {
    /// The program.
    public let executable: URL
    /// Its arguments.
    public let arguments: [String]
    private let environment: [String: String]
    public let outputFile: URL
    public let errorFile: URL
    private let child = Mutex<ChildProcess?>(nil)

    /// `herald arguments…`, or another program's when `executable` names one.
    public init(
        _ arguments: [String], environment: [String: String], scratch: URL, executable: URL = HeraldBinary.url
    ) throws {
        let name = UUID().uuidString
        outputFile = scratch.appendingPathComponent("\(name).out")
        errorFile = scratch.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        (self.executable, self.arguments, self.environment) = (executable, arguments, environment)
    }

    public var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    public var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Starts the process; `exited` returns its status once it ends: its exit status,
    /// or the number of the signal that ended it.
    public func start() async throws -> Task<Int32, Never> {
        let child = try await ChildProcess.start(
            executable, arguments, environment: environment, output: .file(outputFile), errors: .file(errorFile))
        self.child.withLock { $0 = child }
        return Task { await child.exitStatus() }
    }

    /// Runs the process to its end.
    public func run() async throws -> CommandResult {
        let task = try await start()
        let status = await task.value
        return CommandResult(status: status, output: output, errors: errors)
    }

    /// Its process identifier once started; 0 before.
    public var processIdentifier: Int32 { child.withLock { $0?.processIdentifier ?? 0 } }

    /// Whether it was started and has not been seen to end.
    public var isRunning: Bool { child.withLock { $0?.isRunning ?? false } }

    /// Asks it to end: SIGTERM.
    public func terminate() { child.withLock { $0 }?.terminate() }

    /// Interrupts it: SIGINT, as Control-C.
    public func interrupt() { child.withLock { $0 }?.interrupt() }

    /// Waits, at most `seconds`, until `condition` holds for this process's output and errors.
    public func waitFor(seconds: Double = 20, _ condition: (String, String) -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        while !condition(output, errors) {
            guard ContinuousClock.now < deadline, isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(condition(output, errors), "herald \(arguments): \(output) \(errors)")
    }
}

/// A `herald serve --virtual-clock` on a free loopback port with its own data
/// directory, and client commands run against it.
public final class TestDaemon: Sendable {
    public let directory: URL
    private let server: HeraldProcess
    private let exited: Task<Int32, Never>

    /// Starts the daemon and waits until it has written `daemon.json`: on a new
    /// data directory and a free port, or (a restart) on those of a daemon stopped
    /// with `removingData: false`.
    public init(policy: String = "grant-all", directory: URL? = nil, port: Int = 0, options: [String] = []) async throws {
        let directory = directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("herald-e2e-\(UUID().uuidString)")
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(FileManager.default.isExecutableFile(atPath: HeraldBinary.url.path), "build herald first: \(HeraldBinary.url.path)")
        let daemonFile = directory.appendingPathComponent("daemon.json")
        try? FileManager.default.removeItem(at: daemonFile)
        server = try HeraldProcess(
            ["serve", "--port", String(port), "--data-dir", directory.path, "--virtual-clock", "--policy", policy,
             "--no-bundled-apps", "--desktop", "off"] + options,
            environment: Self.environment(directory), scratch: directory)
        exited = try await server.start()
        try await server.waitFor(seconds: 60) { _, _ in FileManager.default.fileExists(atPath: daemonFile.path) }
    }

    /// A daemon its test let go of without stopping it (a test that ended early) is
    /// asked to end, rather than outlive the test run.
    deinit {
        server.terminate()
    }

    /// The port the daemon listens on.
    public func port() throws -> Int {
        try #require(URL(string: try credentials().url)?.port)
    }

    /// The environment of the commands: the process's, without `HERALD_*`, with this
    /// data directory, and `runtime` in it for `$XDG_RUNTIME_DIR` (sign-in pages).
    public static func environment(_ directory: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HERALD_") }
        environment["HERALD_DATA_DIR"] = directory.path
        environment["XDG_RUNTIME_DIR"] = directory.appendingPathComponent("runtime").path
        return environment
    }

    /// Runs `herald arguments…` against this daemon, with `environment` over the commands'.
    @discardableResult
    public func herald(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> CommandResult {
        let environment = Self.environment(directory).merging(extra) { _, new in new }
        return try await HeraldProcess(arguments, environment: environment, scratch: directory).run()
    }

    /// Starts `herald arguments…` without waiting for it to end.
    public func start(_ arguments: String...) async throws -> (HeraldProcess, Task<Int32, Never>) {
        let process = try HeraldProcess(arguments, environment: Self.environment(directory), scratch: directory)
        return (process, try await process.start())
    }

    /// The daemon's URL and admin token.
    public func credentials() throws -> (url: String, token: String) {
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("daemon.json")))
        let url = try #require((info as? [String: Any])?["url"] as? String)
        let token = try String(contentsOf: directory.appendingPathComponent("admin-token"), encoding: .utf8)
        return (url, token.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Stops the daemon (SIGTERM), waits for it, and removes its data directory
    /// unless it is to be started again.
    public func stop(removingData: Bool = true) async {
        server.terminate()
        let status = await exited.value
        #expect(status == 0, "herald serve ended with \(status): \(server.errors)")
        if removingData { try? FileManager.default.removeItem(at: directory) }
    }
}
