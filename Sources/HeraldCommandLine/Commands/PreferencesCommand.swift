public import ArgumentParser
package import HeraldAPI
import HeraldClient

/// `herald preferences`: an app's settings as the person sets them (admin).
public struct PreferencesCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "preferences",
        abstract: "Show an app's settings as you set them, or change its Time Sensitive and Scheduled Summary switches.")

    /// `on` or `off`.
    package enum Switch: String, ExpressibleByArgument, CaseIterable, Sendable {
        case on, off
        var isOn: Bool { self == .on }
    }

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String
    @Option(name: .customLong("time-sensitive"), help: "Whether its time-sensitive notifications break through a Focus: on or off.")
    package var timeSensitive: Switch?
    @Option(help: "Whether its notifications wait for the scheduled summary: on or off.") package var summary: Switch?

    public init() {}

    /// The change to send; `nil` when only showing.
    package var change: API.Preferences? {
        guard timeSensitive != nil || summary != nil else { return nil }
        var change = API.Preferences()
        change.timeSensitiveEnabled = timeSensitive?.isOn
        change.inScheduledSummary = summary?.isOn
        return change
    }

    public func run() async throws {
        let client = try connection.client()
        let preferences = if let change { try await client.updatePreferences(change, for: app) } else { try await client.preferences(for: app) }
        try output.print(preferences) { Self.describe(preferences, app: app) }
    }

    static func describe(_ preferences: API.Preferences, app: String) -> String {
        func onOff(_ value: Bool?) -> String { value.map { $0 ? "on" : "off" } ?? "-" }
        let rows = [
            ["authorization", preferences.authorizationStatus ?? "-"], ["alert style", preferences.alertStyle ?? "-"],
            ["sounds", onOff(preferences.soundsEnabled)], ["badges", onOff(preferences.badgesEnabled)],
            ["time sensitive", onOff(preferences.timeSensitiveEnabled)],
            ["scheduled summary", onOff(preferences.inScheduledSummary)],
        ]
        return TextTable(headers: ["PREFERENCE", app], rows: rows).rendered
    }
}
