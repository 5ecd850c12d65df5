public import ArgumentParser
import Foundation
package import HeraldClient

/// How a command finds the daemon: `--data-dir`, `--url`, `--token`.
public struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: "The daemon's data directory, with daemon.json and admin-token (default: $HERALD_DATA_DIR, else $XDG_DATA_HOME/herald, else ~/.local/share/herald).")
    package var dataDirectory: String?

    @Option(help: "The daemon's URL, such as http://127.0.0.1:7878 (default: $HERALD_URL, else daemon.json).")
    package var url: String?

    @Option(help: "The bearer token: the admin token or an app's (default: $HERALD_TOKEN, else the admin-token file).")
    package var token: String?

    public init() {}

    /// A client of the daemon these options find.
    package func client(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> HeraldClient {
        try HeraldClient(url: url, token: token, dataDirectory: dataDirectory, environment: environment)
    }
}

/// `--json`: machine output.
public struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the API's JSON instead of text (nothing for commands the API answers with 204).")
    package var json = false

    public init() {}

    /// Prints `value` as JSON with `--json`, else the text `human` makes.
    package func print<Value: Encodable>(_ value: Value, human: () -> String) throws {
        Console.write(json ? try Console.json(value) : human())
    }
}

extension CommandLineError {
    /// The error ArgumentParser reports as a usage error.
    var validationError: ValidationError { ValidationError(message) }
}

/// Runs `body`, turning a ``CommandLineError`` into a usage error.
func validating<T>(_ body: () throws(CommandLineError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw error.validationError
    }
}
