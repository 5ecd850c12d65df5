import Dispatch
import Foundation
import Synchronization

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
    func run(_ arguments: [String]) throws -> ProgramOutput {
        let process = configured(arguments)
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        try process.run()
        let errorText = Self.readInBackground(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProgramOutput(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self), errors: errorText())
    }

    /// A process that runs the program with `arguments`, standard input empty.
    func configured(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
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
