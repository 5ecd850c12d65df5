package import Foundation
public import ArgumentParser
import HeraldAPI
package import HeraldClient

/// `herald focus`: what keeps notifications quiet, switching a Focus by hand, and the Focus modes.
public struct FocusCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Show what keeps notifications quiet, switch a Focus on or off, and set the Focus modes.",
        subcommands: [Status.self, On.self, Off.self, Auto.self, List.self, Set.self, Remove.self],
        defaultSubcommand: Status.self)

    public init() {}

    /// `herald focus status`.
    public struct Status: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Show the Focus on now, the desktop's Do Not Disturb and the next summary.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let client = try connection.client()
            try await FocusCommand.show(try await client.focus(), client: client, output: output)
        }
    }

    /// `--until` and `--for`: when a Focus switched by hand ends.
    package struct EndOptions: ParsableArguments {
        @Option(help: "Until this time: HH:MM (the next one on the daemon's clock) or an ISO 8601 date.")
        package var until: String?
        @Option(name: .customLong("for"), help: "For this long: 90m, 2h, 1h30m.") package var duration: String?

        package init() {}

        package func validate() throws {
            if until != nil, duration != nil { throw ValidationError("give --until or --for, not both") }
            if let until { _ = try validating { () throws(CommandLineError) in try FocusSpecParser.end(until, after: Date(), in: .current) } }
            if let duration {
                let seconds = try validating { () throws(CommandLineError) in try DurationParser.seconds(duration) }
                guard seconds > 0 else { throw ValidationError("--for must be longer than 0 seconds") }
            }
        }

        /// The end on the daemon's clock, or `nil` for none.
        package func end(_ client: HeraldClient) async throws -> Date? {
            if let duration {
                return try await client.clock().now.addingTimeInterval(try validating { () throws(CommandLineError) in try DurationParser.seconds(duration) })
            }
            guard let until else { return nil }
            let now = try await client.clock().now
            return try validating { () throws(CommandLineError) in try FocusSpecParser.end(until, after: now, in: .current) }
        }
    }

    /// `herald focus on NAME`.
    public struct On: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Switch a Focus on by hand.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The Focus, by identifier or name.") package var name: String
        @OptionGroup package var end: EndOptions

        public init() {}

        public func run() async throws {
            let client = try connection.client()
            let modes = try await client.focus().settings?.focusModes ?? []
            let mode = try FocusCommand.mode(named: name, in: modes)
            let focus = try await client.switchFocus(mode.identifier, until: try await end.end(client))
            try await FocusCommand.show(focus, client: client, output: output)
        }
    }

    /// `herald focus off`.
    public struct Off: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Switch every Focus off by hand, the scheduled ones too, until --until/--for or `herald focus auto`.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @OptionGroup package var end: EndOptions

        public init() {}

        public func run() async throws {
            let client = try connection.client()
            let focus = try await client.switchFocus(nil, until: try await end.end(client))
            try await FocusCommand.show(focus, client: client, output: output)
        }
    }

    /// `herald focus auto`.
    public struct Auto: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "End what was switched by hand: the Focus modes' schedules decide again.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let client = try connection.client()
            try await FocusCommand.show(try await client.followFocusSchedules(), client: client, output: output)
        }
    }

    /// `herald focus list`.
    public struct List: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "List the Focus modes.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let modes = try await connection.client().focus().settings?.focusModes ?? []
            try output.print(["focusModes": modes]) { FocusText.modes(modes) }
        }
    }

    /// Prints `focus`: its JSON, or its text at the daemon's time.
    static func show(_ focus: API.Focus, client: HeraldClient, output: OutputOptions) async throws {
        let now = output.json ? Date() : try await client.clock().now
        try output.print(focus) { FocusText.status(focus, now: now, timeZone: .current) }
    }

    /// The Focus of `modes` whose identifier is `name`, else whose name is (ignoring case).
    static func mode(named name: String, in modes: [API.FocusMode]) throws -> API.FocusMode {
        if let mode = modes.first(where: { $0.identifier == name }) ?? modes.first(where: {
            $0.name.caseInsensitiveCompare(name) == .orderedSame
        }) {
            return mode
        }
        let known = modes.map(\.identifier).joined(separator: ", ")
        throw ValidationError("there is no Focus “\(name)”" + (known.isEmpty ? " (there are none: herald focus set)" : " (there are \(known))"))
    }
}
