package import Foundation

/// Opens addresses with the desktop's `xdg-open`, found on `PATH`.
package struct XDGOpen: URLOpening {
    /// The environment `xdg-open` runs with (`PATH`, `DISPLAY`, `BROWSER`, …).
    package var environment: [String: String]
    /// How long to wait for `xdg-open` to end: without a desktop to hand over to, it
    /// runs the browser itself and ends only when the browser does.
    package var patience: Duration

    /// `xdg-open` with `environment`.
    package init(environment: [String: String], patience: Duration = .seconds(5)) {
        (self.environment, self.patience) = (environment, patience)
    }

    /// Runs `xdg-open url`; still running after ``patience`` counts as opened.
    ///
    /// - Throws: ``SystemIntegrationError/Code/openerUnavailable`` when there is no
    ///   `xdg-open`; ``SystemIntegrationError/Code/openerFailed`` when it fails.
    package func open(_ url: URL) async throws {
        guard let program = Program(named: "xdg-open", environment: environment) else {
            throw SystemIntegrationError(
                .openerUnavailable, "there is no xdg-open on PATH to start a browser: open \(url.absoluteString) yourself")
        }
        let process = program.configured([url.absoluteString])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard let status = try await run(process), status != 0 else { return }
        throw SystemIntegrationError(
            .openerFailed, "xdg-open failed (\(Self.meaning(of: status))): open \(url.absoluteString) yourself")
    }

    /// Starts `process` and waits for its exit status, at most ``patience``; `nil` when it still runs.
    private func run(_ process: Process) async throws -> Int32? {
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { exited.yield($0.terminationStatus) }
        try process.run()
        return await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await exits.first { _ in true } }
            group.addTask { [patience] in
                try? await Task.sleep(for: patience)
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
    }

    /// What `xdg-open`'s exit status means (`xdg-open(1)`).
    static func meaning(of status: Int32) -> String {
        switch status {
        case 1: "error in command line syntax"
        case 2: "one of the files passed on the command line did not exist"
        case 3: "a required tool could not be found"
        case 4: "the action failed"
        default: "exit status \(status)"
        }
    }
}
