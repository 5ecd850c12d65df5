public import ArgumentParser
import Foundation
import HeraldClient

/// `herald open`: the web notification center in the browser, signed in.
public struct OpenCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the running daemon's web notification center in the browser, signed in.",
        discussion: """
            The address carries a one-time sign-in code that the daemon makes for the admin token: good \
            once, for 60 seconds, so the address left in the browser's history signs nothing in. \
            `DELETE /v1/sessions` ends the browser sessions it started.
            """)

    @Option(
        name: .customLong("data-dir"),
        help: "The daemon's data directory, with daemon.json and admin-token (default: $HERALD_DATA_DIR, else $XDG_DATA_HOME/herald, else ~/.local/share/herald).")
    package var dataDirectory: String?
    @Flag(name: .customLong("print"), help: "Print the sign-in address (good once, for 60 seconds) instead of opening it.")
    package var printOnly = false

    public init() {}

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await open(environment: environment, opener: XDGOpen(environment: environment)) { Console.write($0) }
    }

    /// Finds the daemon in the data directory, asks it for a one-time sign-in code,
    /// and hands the address that signs in with it to `opener`, or with `--print` to `write`.
    ///
    /// - Throws: ``HeraldClientError`` when no daemon runs there (exit status 3) or it
    ///   makes no code; ``SystemIntegrationError`` when the browser cannot be started.
    package func open(
        environment: [String: String], opener: any URLOpening, write: (String) -> Void
    ) async throws {
        let signIn = try SignInAddress(dataDirectory: dataDirectory, environment: environment)
        let url = try await signIn.url()
        guard !printOnly else { return write(url.absoluteString + "\n") }
        try await opener.open(url)
        write("Opened the notification center of \(signIn.endpoint.url.absoluteString) in the browser.\n")
    }
}
