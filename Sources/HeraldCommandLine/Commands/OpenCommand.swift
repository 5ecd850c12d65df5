public import ArgumentParser
import Foundation
import HeraldClient

/// `herald open`: the web notification center in the browser, signed in.
public struct OpenCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the running daemon's web notification center in the browser, signed in.",
        discussion: """
            The browser gets a sign-in page that the daemon writes, owner-only, in $XDG_RUNTIME_DIR/herald \
            (else in the data directory): it signs in with a one-time code, good once, for 60 seconds, and \
            the daemon deletes it once used. No code is on xdg-open's command line, which other users of \
            this machine can read. `DELETE /v1/sessions` ends the browser sessions it started.
            """)

    @Option(
        name: .customLong("data-dir"),
        help: "The daemon's data directory, with daemon.json and admin-token (default: $HERALD_DATA_DIR, else $XDG_DATA_HOME/herald, else ~/.local/share/herald).")
    package var dataDirectory: String?
    @Flag(
        name: .customLong("print"),
        help: "Print a sign-in address with a one-time code (good once, for 60 seconds) instead of opening the browser.")
    package var printOnly = false

    public init() {}

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await open(environment: environment, opener: XDGOpen(environment: environment)) { Console.write($0) }
    }

    /// Finds the daemon in the data directory and hands `opener` the sign-in page it
    /// writes, or with `--print` gives `write` an address with a one-time code.
    ///
    /// - Throws: ``HeraldClientError`` when no daemon runs there (exit status 3) or it
    ///   makes no page or code; ``SystemIntegrationError`` when the browser cannot be started.
    package func open(
        environment: [String: String], opener: any URLOpening, write: (String) -> Void
    ) async throws {
        let signIn = try SignInAddress(dataDirectory: dataDirectory, environment: environment)
        guard !printOnly else { return write(try await signIn.url().absoluteString + "\n") }
        try await opener.open(try await signIn.page())
        write("Opened the notification center of \(signIn.endpoint.url.absoluteString) in the browser.\n")
    }
}
