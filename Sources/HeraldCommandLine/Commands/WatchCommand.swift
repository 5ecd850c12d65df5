public import ArgumentParser
import Dispatch
import Foundation
import HeraldAPI
import HeraldClient

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `herald watch`: prints the daemon's events as they happen.
public struct WatchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the daemon's events as they happen, one line each, until Ctrl-C.",
        discussion: """
            With --json, each line is one event object of the API's event stream. With an app's token, the \
            stream starts with the answers the app has not acknowledged (sequence 0); --acknowledge \
            acknowledges each answer once printed, as the app would, so the daemon stops keeping it.
            """)

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "Only this app's events (all apps by default, with the admin token).") package var app: String?
    @Flag(help: "Act as the app: acknowledge each answer it gets once printed (needs --app and the app's token).")
    package var acknowledge = false

    public init() {}

    public func validate() throws {
        if acknowledge && app == nil {
            throw ValidationError("--acknowledge acts as one app: name it with --app (and use its token)")
        }
    }

    public func run() async throws {
        let client = try connection.client()
        let events = try await client.openEvents(app: app)
        let interrupt = Self.exitOnInterrupt()
        Console.error("Watching the events of \(app ?? "every app"); Ctrl-C to stop.")
        for try await event in events {
            Console.write(output.json ? try Console.json(event, compact: true)
                : EventText.line(event, receivedAt: Date(), timeZone: .current) + "\n")
            if acknowledge, let app, event.app == app, case .responded(let response) = event.kind, response.reachesApp {
                try await Self.acknowledge(response, of: app, with: client)
            }
        }
        interrupt.cancel()
        Console.error("The daemon closed the event stream.")
    }

    /// Acknowledges an answer; one the daemon no longer keeps (acknowledged
    /// already) is passed over, a refusal (the admin token) ends the command.
    private static func acknowledge(_ response: API.Response, of app: String, with client: HeraldClient) async throws {
        do {
            try await client.acknowledgeResponse(to: response.delivery.id, for: app)
        } catch let error as HeraldClientError where error.status == 404 {
            return
        }
    }

    /// Ends the process with status 0 on Ctrl-C (SIGINT).
    private static func exitOnInterrupt() -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { Foundation.exit(0) }
        source.resume()
        return source
    }
}
