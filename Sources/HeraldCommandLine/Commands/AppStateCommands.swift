import Foundation
public import ArgumentParser
import HeraldAPI
import HeraldClient

/// `herald badge`: reads or sets an app's badge.
public struct BadgeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "badge", abstract: "Show an app's badge number, or set it (0 clears it).")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String
    @Argument(help: "The new badge number.") package var number: Int?

    public init() {}

    public func validate() throws {
        if let number, number < 0 { throw ValidationError("the badge must be 0 (clear) or more, not \(number)") }
    }

    public func run() async throws {
        let client = try connection.client()
        let badge = if let number { try await client.setBadge(number, for: app) } else { try await client.badge(for: app) }
        try output.print(API.Badge(badge: badge)) { "\(app) badge: \(badge)\n" }
    }
}

/// `herald authorize`: asks for an app's authorization.
public struct AuthorizeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Request authorization for an app, as the app would; waits for the user's answer when the daemon asks.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String
    @Option(help: "What the app asks for: any of alert, sound, badge.") package var options = "alert,sound,badge"

    public init() {}

    public func validate() throws {
        _ = try validating { () throws(CommandLineError) in try InputFiles.authorizationOptions(options) }
    }

    public func run() async throws {
        let names = try validating { () throws(CommandLineError) in try InputFiles.authorizationOptions(options) }
        let granted = try await connection.client().requestAuthorization(options: names, for: app)
        try output.print(API.AuthorizationResult(granted: granted)) { "\(app): \(granted ? "authorized" : "denied")\n" }
    }
}

/// `herald settings`: an app's notification settings.
public struct SettingsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show an app's notification settings, as the app reads them.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String

    public init() {}

    public func run() async throws {
        let settings = try await connection.client().settings(for: app)
        try output.print(settings) { Listings.settings(settings, app: app) }
    }
}

/// `herald clock`: the daemon's clock, and moving a virtual clock.
public struct ClockCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Show the daemon's clock, or move its virtual clock forward (herald serve --virtual-clock).")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "Move the virtual clock forward by this duration (90, 90s, 15m, 1h30m); what is due fires.")
    package var advance: String?

    public init() {}

    public func validate() throws {
        _ = try seconds()
    }

    public func run() async throws {
        let client = try connection.client()
        let clock = if let seconds = try seconds() { try await client.advanceClock(by: seconds) } else { try await client.clock() }
        try output.print(clock) { Listings.clock(clock, timeZone: .current) }
    }

    private func seconds() throws -> Double? {
        guard let advance else { return nil }
        let seconds = try validating { () throws(CommandLineError) in try DurationParser.seconds(advance) }
        guard seconds > 0 else { throw ValidationError("--advance must be longer than 0 seconds") }
        return seconds
    }
}
