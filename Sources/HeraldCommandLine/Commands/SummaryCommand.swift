import Foundation
public import ArgumentParser
import HeraldAPI
import HeraldClient

/// `herald summary`: the times of the scheduled summary.
public struct SummaryCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Show or set the times of the scheduled summary (apps join it with herald preferences --summary on).",
        subcommands: [Status.self, Times.self, Off.self], defaultSubcommand: Status.self)

    public init() {}

    /// `herald summary status`.
    public struct Status: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Show the summary's times and when it comes next.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let focus = try await connection.client().focus()
            try output.print(focus) { FocusText.summary(focus, timeZone: .current) }
        }
    }

    /// `herald summary times 08:00 18:00`.
    public struct Times: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Deliver the summary at these times of day.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "Times of day, HH:MM.") package var times: [String]

        public init() {}

        public func validate() throws {
            guard !times.isEmpty else { throw ValidationError("name at least one time, or use herald summary off") }
            _ = try parsed()
        }

        /// The times as the daemon takes them, sorted, each once.
        package func parsed() throws -> [String] {
            try validating { () throws(CommandLineError) in
                var result: [String] = []
                for time in times { result.append(try FocusSpecParser.timeOfDay(time)) }
                return Array(Swift.Set(result)).sorted()
            }
        }

        public func run() async throws {
            try await SummaryCommand.set(try parsed(), connection: connection, output: output)
        }
    }

    /// `herald summary off`.
    public struct Off: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "No scheduled summary: notifications come as they come.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            try await SummaryCommand.set([], connection: connection, output: output)
        }
    }

    static func set(_ times: [String], connection: ConnectionOptions, output: OutputOptions) async throws {
        let client = try connection.client()
        var settings = try await client.focus().settings ?? API.QuietSettings()
        settings.summaryTimes = times
        let focus = try await client.updateFocus(settings)
        try output.print(focus) { FocusText.summary(focus, timeZone: .current) }
    }
}
