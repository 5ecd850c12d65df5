public import ArgumentParser
import Dispatch
import Foundation
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
        discussion: "With --json, each line is one event object of the API's event stream.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "Only this app's events (all apps by default, with the admin token).") package var app: String?

    public init() {}

    public func run() async throws {
        let events = try await connection.client().openEvents(app: app)
        let interrupt = Self.exitOnInterrupt()
        Console.error("Watching the events of \(app ?? "every app"); Ctrl-C to stop.")
        for try await event in events {
            Console.write(output.json ? try Console.json(event, compact: true)
                : EventText.line(event, receivedAt: Date(), timeZone: .current) + "\n")
        }
        interrupt.cancel()
        Console.error("The daemon closed the event stream.")
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
