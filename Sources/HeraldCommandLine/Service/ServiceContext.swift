import Foundation

/// What `herald service` works with: the environment, the running executable,
/// `systemctl --user` and the terminal. Tests give their own.
package struct ServiceContext: Sendable {
    /// The environment: `XDG_CONFIG_HOME`, `HOME`, `PATH` and the data directory's variables.
    package var environment: [String: String]
    /// The directory relative paths are taken from.
    package var workingDirectory: String
    /// The absolute path of the `herald` executable a unit runs.
    package var executable: @Sendable () throws -> String
    /// Runs `systemctl --user`.
    package var systemctl: any SystemctlRunning
    /// Writes to standard output.
    package var write: @Sendable (String) -> Void
    /// Writes a line to standard error.
    package var warn: @Sendable (String) -> Void

    /// A context with these parts.
    package init(
        environment: [String: String], workingDirectory: String, executable: @escaping @Sendable () throws -> String,
        systemctl: any SystemctlRunning, write: @escaping @Sendable (String) -> Void,
        warn: @escaping @Sendable (String) -> Void
    ) {
        (self.environment, self.workingDirectory, self.executable) = (environment, workingDirectory, executable)
        (self.systemctl, self.write, self.warn) = (systemctl, write, warn)
    }

    /// This process's environment, directory and executable, the real `systemctl`, the terminal.
    package static var current: ServiceContext {
        let environment = ProcessInfo.processInfo.environment
        return ServiceContext(
            environment: environment, workingDirectory: FileManager.default.currentDirectoryPath,
            executable: { try runningExecutable() }, systemctl: Systemctl(environment: environment),
            write: { Console.write($0) }, warn: { Console.error($0) })
    }

    /// `path` as an absolute path, standardized: relative to ``workingDirectory``.
    package func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
            .standardizedFileURL.path
    }

    /// The real path of this process's executable, from `/proc/self/exe`.
    ///
    /// - Throws: ``SystemIntegrationError/Code/executableUnusable`` when it cannot be
    ///   read, or the file was deleted or replaced since the process started.
    static func runningExecutable() throws -> String {
        let path: String
        do {
            path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw SystemIntegrationError(
                .executableUnusable, "cannot find the running herald in /proc/self/exe: \(error.localizedDescription)")
        }
        guard !path.hasSuffix(" (deleted)"), FileManager.default.isExecutableFile(atPath: path) else {
            throw SystemIntegrationError(
                .executableUnusable, "the running herald (\(path)) was deleted or replaced since it started: run the installed one")
        }
        return path
    }
}
