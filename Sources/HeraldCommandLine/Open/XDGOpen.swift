package import Foundation
import Subprocess

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
        guard let ending = try await program.start([url.absoluteString], within: patience) else { return }
        guard ending != .exited(0) else { return }
        throw SystemIntegrationError(
            .openerFailed, "xdg-open failed (\(Self.meaning(of: ending))): open \(url.absoluteString) yourself")
    }

    /// What `xdg-open`'s exit status means (`xdg-open(1)`).
    static func meaning(of ending: TerminationStatus) -> String {
        switch ending {
        case .exited(1): "error in command line syntax"
        case .exited(2): "one of the files passed on the command line did not exist"
        case .exited(3): "a required tool could not be found"
        case .exited(4): "the action failed"
        case .exited(let status): "exit status \(status)"
        case .signaled(let signal): "ended by signal \(signal)"
        }
    }
}
