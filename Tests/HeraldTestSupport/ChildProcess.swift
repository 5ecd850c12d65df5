public import Foundation
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests run: `herald`, curl, openssl, a D-Bus daemon, the engine soak.
///
/// Not Foundation's `Process`: on Linux its `run()` copies the whole 256-byte name of
/// each `/proc/self/fd` entry out of `readdir`'s buffer, reading past that buffer's end
/// once the process holds about 1,400 descriptors. The test process, running suites side
/// by side, holds 2,000 at times, and crashed there (CI, 2026-11-29). swift-subprocess
/// closes the child's descriptors with `close_range` instead.
public final class ChildProcess: Sendable {
    /// How a program ended.
    public enum Ending: Sendable, Hashable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signaled(Int32)

        /// Foundation's `terminationStatus`: the exit status, or the signal's number.
        public var code: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): signal
            }
        }

        init(_ status: TerminationStatus) {
            switch status {
            case .exited(let code): self = .exited(code)
            case .signaled(let signal): self = .signaled(signal)
            }
        }
    }

    /// Where the program's output goes.
    public enum Destination: Sendable {
        /// Dropped.
        case discarded
        /// Appended to a file, which must exist.
        case file(URL)
    }

    /// The program's arguments.
    public let arguments: [String]
    /// Its process identifier, valid until it has ended.
    public let processIdentifier: Int32
    private let running: Task<Ending, any Error>
    private let ending: Watched

    private init(arguments: [String], processIdentifier: Int32, running: Task<Ending, any Error>, ending: Watched) {
        (self.arguments, self.processIdentifier, self.running, self.ending) = (arguments, processIdentifier, running, ending)
    }

    /// Starts `executable` with `arguments`, standard input empty; returns once it runs.
    ///
    /// - Parameter environment: its whole environment; `nil` for this process's.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        output: Destination = .discarded, errors: Destination = .discarded
    ) async throws -> ChildProcess {
        let (identifiers, identified) = AsyncStream.makeStream(of: pid_t.self)
        let ending = Watched()
        let configuration = Configuration(
            executable: .path(FilePath(executable.path)), arguments: Arguments(arguments),
            environment: environment.map(Self.environment) ?? .inherit)
        // Watched on the tests' own threads: on a loaded machine, Swift's pool has stood
        // still for 30 s, and a process seen to start or end that late fails its test.
        let running = Task<Ending, any Error>(executorPreference: TestThreads.shared) {
            defer { identified.finish() }
            let status = try await launch(configuration, output: output.open(), errors: errors.open()) { identifier in
                identified.yield(identifier)
            }
            ending.status.withLock { $0 = status }
            return status
        }
        guard let identifier = await identifiers.first(where: { _ in true }) else {
            _ = try await running.value
            throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable.path])
        }
        return ChildProcess(arguments: arguments, processIdentifier: identifier, running: running, ending: ending)
    }

    /// Runs `executable` with `arguments` to its end, and collects what it printed.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
    ) async throws -> CommandResult {
        let result = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments),
            environment: environment.map(Self.environment) ?? .inherit,
            input: .none, output: .string(limit: 16 << 20), error: .string(limit: 16 << 20))
        return CommandResult(
            status: Ending(result.terminationStatus).code, output: result.standardOutput, errors: result.standardError)
    }

    /// Whether it has not been seen to end.
    public var isRunning: Bool { ending.status.withLock { $0 == nil } }

    /// Sends `signal` to it, unless it has ended.
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        _ = Glibc.kill(processIdentifier, signal)
    }

    /// Asks it to end: SIGTERM.
    public func terminate() { send(SIGTERM) }

    /// Interrupts it: SIGINT.
    public func interrupt() { send(SIGINT) }

    /// How it ended, once it has.
    public func ended() async throws -> Ending {
        try await running.value
    }

    /// Its exit status once it has ended, or the number of the signal that ended it, as
    /// Foundation's `terminationStatus`; -1 when it could not be watched.
    public func exitStatus() async -> Int32 {
        (try? await running.value)?.code ?? -1
    }

    /// For a thread outside Swift's pool (`.offThePool`, a `Thread`): `start`, waiting
    /// for it on this thread. A thread of the pool must not wait so: the start runs there.
    public static func startWaiting(
        _ executable: URL, _ arguments: [String], output: Destination = .discarded, errors: Destination = .discarded
    ) throws -> ChildProcess {
        try Waiting.result { try await start(executable, arguments, output: output, errors: errors) }
    }

    /// For a thread outside Swift's pool (`.offThePool`, a `Thread`): how it ended,
    /// waiting on this thread.
    public func endedWaiting() throws -> Ending {
        try Waiting.result { try await self.ended() }
    }

    private static func environment(_ variables: [String: String]) -> Environment {
        .custom(Dictionary(uniqueKeysWithValues: variables.compactMap { key, value in Environment.Key(rawValue: key).map { ($0, value) } }))
    }

    private static func launch(
        _ configuration: Configuration, output: FileDescriptorOutput, errors: FileDescriptorOutput,
        identified: @escaping @Sendable (pid_t) -> Void
    ) async throws -> Ending {
        Ending(
            try await Subprocess.run(configuration, input: .none, output: output, error: errors) { execution in
                identified(execution.processIdentifier.value)
            }.terminationStatus)
    }

    /// How the process ended, once its watcher has seen it.
    private final class Watched: Sendable {
        let status = Mutex<Ending?>(nil)
    }

    /// A task's result waited for on a thread outside Swift's pool.
    private enum Waiting {
        static func result<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
            let box = Mutex<Result<Value, any Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task(executorPreference: TestThreads.shared) {
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                box.withLock { $0 = result }
                done.signal()
            }
            done.wait()
            return try box.withLock { $0! }.get()
        }
    }
}

extension ChildProcess.Destination {
    /// The output this destination is: a file's descriptor (`/dev/null`'s when
    /// discarded), closed once the child has it.
    fileprivate func open() throws -> FileDescriptorOutput {
        let path = switch self {
        case .discarded: "/dev/null"
        case .file(let url): url.path
        }
        return .fileDescriptor(try FileDescriptor.open(FilePath(path), .writeOnly, options: [.append]), closeAfterSpawningProcess: true)
    }
}
