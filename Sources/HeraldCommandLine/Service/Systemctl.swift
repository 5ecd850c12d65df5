import Foundation

import Foundation

/// Runs `systemctl --user`: the real program, or in tests a recording.
package protocol SystemctlRunning: Sendable {
    /// Runs `systemctl --user arguments…` to its end and returns what it printed.
    ///
    /// - Throws: ``SystemIntegrationError/Code/userManagerUnavailable`` when there is no
    ///   `systemctl` to run.
    func run(_ arguments: [String]) throws(SystemIntegrationError) -> ProgramOutput
}

/// The `systemctl` on `PATH`, run with the given environment.
package struct Systemctl: SystemctlRunning {
    /// The environment `systemctl` runs with, its `PATH` searched for it.
    package var environment: [String: String]

    /// `systemctl` with `environment`.
    package init(environment: [String: String]) {
        self.environment = environment
    }

    package func run(_ arguments: [String]) throws(SystemIntegrationError) -> ProgramOutput {
        guard let program = Program(named: "systemctl", environment: environment) else {
            throw SystemIntegrationError(.userManagerUnavailable, "there is no systemctl on PATH: is this a systemd system?")
        }
        do {
            return try program.run(["--user"] + arguments)
        } catch {
            throw SystemIntegrationError(
                .userManagerUnavailable, "cannot run \(program.url.path): \(error.localizedDescription)")
        }
    }
}
