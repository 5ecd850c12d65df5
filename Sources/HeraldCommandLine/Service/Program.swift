import Dispatch
import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// What a program that ran to its end printed, and its exit status.
package struct ProgramOutput: Sendable, Hashable {
    /// The exit status; a signal's number for a program a signal ended.
    package var status: Int32
    /// What it wrote to standard output.
    package var output: String
    /// What it wrote to standard error.
    package var errors: String

    /// The output of a program that ended with `status`.
    package init(status: Int32, output: String = "", errors: String = "") {
        (self.status, self.output, self.errors) = (status, output, errors)
    }

    /// The reason a failed program gives, on one line: its standard error, else its
    /// standard output, else its exit status.
    package var reason: String {
        let text = [errors, output].lazy
            .map { $0.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ") }
            .first { !$0.isEmpty }
        return text ?? "exit status \(status)"
    }
}

/// An executable found on `PATH` and run with the caller's environment.
struct Program: Sendable {
    /// The executable.
    let url: URL
    /// The environment it runs with.
    let environment: [String: String]

    /// `name` in the first directory of `environment`'s `PATH` that has it executable;
    /// `nil` when none has.
    init?(named name: String, environment: [String: String]) {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let found = path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0), isDirectory: true).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let found else { return nil }
        (url, self.environment) = (found, environment)
    }

    /// Runs the program with `arguments` to its end, standard input empty, and
    /// collects what it printed.
    ///
    /// Synchronous, for `herald service`, on Foundation's `Process`: a command-line
    /// process holds a handful of descriptors, far from where `Process.run()` fails.
    func run(_ arguments: [String]) throws -> ProgramOutput {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        try process.run()
        let errorText = Self.readInBackground(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProgramOutput(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self), errors: errorText())
    }

    /// Starts the program with `arguments`, standard input empty and its output dropped,
    /// and waits for it to end, at most `patience`: how it ended, or `nil` when it still
    /// runs (it is left running).
    ///
    /// It runs with swift-subprocess: Foundation's `Process.run()` reads past a buffer on
    /// Linux once the process holds about 1,400 descriptors (see `XDGOpener`), and the
    /// tests run this in a process that holds that many.
    func start(_ arguments: [String], within patience: Duration) async throws -> TerminationStatus? {
        let environment = Environment.custom(
            Dictionary(uniqueKeysWithValues: environment.compactMap { key, value in Environment.Key(rawValue: key).map { ($0, value) } }))
        let running = Task { [url] in
            try await Subprocess.run(
                .path(FilePath(url.path)), arguments: Arguments(arguments), environment: environment,
                input: .none, output: .discarded, error: .discarded
            ).terminationStatus
        }
        // The program runs in a task of its own: cancelling the group would end it.
        return try await withThrowingTaskGroup(of: TerminationStatus?.self) { group in
            group.addTask { try await running.value }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// Reads `handle` to its end on another thread, so that a program filling one pipe
    /// cannot block on it while the other is read; the closure waits for the text.
    private static func readInBackground(_ handle: FileHandle) -> @Sendable () -> String {
        let text = TextBox()
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            let data = handle.readDataToEndOfFile()
            text.value.withLock { $0 = String(decoding: data, as: UTF8.self) }
        }
        return {
            done.wait()
            return text.value.withLock { $0 }
        }
    }

    /// Text one thread writes and another reads.
    private final class TextBox: Sendable {
        let value = Mutex("")
    }
}
