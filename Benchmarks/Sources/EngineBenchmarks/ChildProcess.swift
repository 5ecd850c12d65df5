import Foundation

/// Runs this executable again with a hidden subcommand, so that a measurement starts in
/// a fresh process (E4) or can be stopped when it takes too long (E3).
enum ChildProcess {
    /// What a child printed and how it ended.
    struct Outcome {
        var output: String
        var status: Int32
        var timedOut: Bool

        /// The last line starting with `tag`, split at spaces, without the tag.
        func lastLine(_ tag: String) -> [Substring]? {
            let line = output.split(separator: "\n").last { $0.hasPrefix(tag + " ") }
            return line.map { Array($0.split(separator: " ").dropFirst()) }
        }
    }

    /// Runs `arguments` in a new process of this executable; stops it with SIGTERM after `timeout`.
    static func run(_ arguments: [String], timeout: Duration) async throws -> Outcome {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while process.isRunning, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            output: String(decoding: data, as: UTF8.self), status: process.terminationStatus, timedOut: timedOut)
    }
}

/// Writes a line to standard output at once (unbuffered), so that a parent sees it even
/// if it stops the child.
func printFlushed(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
