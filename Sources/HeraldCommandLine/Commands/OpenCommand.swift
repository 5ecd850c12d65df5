public import ArgumentParser
import Foundation
import HeraldClient

/// `herald open`: the web notification center in the browser, signed in.
public struct OpenCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the running daemon's web notification center in the browser, signed in.",
        discussion: """
            The address carries the admin token (the daemon has no one-time sign-in code), so it stays in \
            the browser's history; `DELETE /v1/sessions` ends the browser sessions it started.
            """)

    @Option(
        name: .customLong("data-dir"),
        help: "The daemon's data directory, with daemon.json and admin-token (default: $HERALD_DATA_DIR, else $XDG_DATA_HOME/herald, else ~/.local/share/herald).")
    package var dataDirectory: String?
    @Flag(name: .customLong("print"), help: "Print the sign-in address instead of opening it.")
    package var printOnly = false

    public init() {}

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await open(environment: environment, opener: XDGOpen(environment: environment)) { Console.write($0) }
    }

    /// Finds the daemon in the data directory, checks that it answers, and hands the
    /// sign-in address to `opener`, or with `--print` to `write`.
    ///
    /// - Throws: ``HeraldClientError`` when no daemon runs there (exit status 3);
    ///   ``SystemIntegrationError`` when the browser cannot be started.
    package func open(
        environment: [String: String], opener: any URLOpening, write: (String) -> Void
    ) async throws {
        let signIn = try SignInAddress(dataDirectory: dataDirectory, environment: environment)
        _ = try await HeraldClient(endpoint: signIn.endpoint, timeout: 5).health()
        guard !printOnly else { return write(signIn.url.absoluteString + "\n") }
        try await opener.open(signIn.url)
        write("Opened the notification center of \(signIn.endpoint.url.absoluteString) in the browser.\n")
    }
}
