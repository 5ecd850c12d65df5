import Foundation
public import ArgumentParser
package import HeraldAPI
import HeraldClient

extension FocusCommand {
    /// `herald focus set NAME`: makes or replaces a Focus.
    public struct Set: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Make a Focus, or replace the one with this identifier or name.",
            discussion: """
                herald focus set Work --allow com.example.mail --allow com.example.chat:work,urgent \\
                  --schedule "mon-fri 09:00-17:00"
                """)
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The Focus's name.") package var name: String
        @Option(help: "Its identifier (by default the existing one of that name, else made from the name).")
        package var id: String?
        @Option(help: "An app it lets through: APP, or APP:criteria,criteria for only its notifications with those filterCriteria.")
        package var allow: [String] = []
        @Option(help: "When it is on by itself: \"mon-fri 09:00-17:00\", \"weekends 10:00-12:00\", \"daily 22:00-07:00\".")
        package var schedule: [String] = []
        @Flag(name: .customLong("no-time-sensitive"), help: "Time-sensitive notifications wait too.")
        package var quietensTimeSensitive = false

        public init() {}

        public func validate() throws {
            _ = try parts()
        }

        /// The apps and schedules, parsed.
        package func parts() throws -> (apps: [API.AllowedApp], schedules: [API.FocusSchedule]) {
            try validating { () throws(CommandLineError) in
                var apps: [API.AllowedApp] = []
                for text in allow { apps.append(try FocusSpecParser.allowedApp(text)) }
                var schedules: [API.FocusSchedule] = []
                for text in schedule { schedules.append(try FocusSpecParser.schedule(text)) }
                return (apps, schedules)
            }
        }

        /// The settings with this Focus made or replaced.
        package func applied(to settings: API.QuietSettings) throws -> API.QuietSettings {
            let (apps, schedules) = try parts()
            let existing = settings.focusModes.first { $0.identifier == (id ?? "") }
                ?? (id == nil ? settings.focusModes.first { $0.name.caseInsensitiveCompare(name) == .orderedSame } : nil)
            let mode = API.FocusMode(
                identifier: existing?.identifier ?? id ?? Self.identifier(for: name), name: name, allowedApps: apps,
                allowsTimeSensitive: !quietensTimeSensitive, schedules: schedules)
            var result = settings
            if let index = result.focusModes.firstIndex(where: { $0.identifier == mode.identifier }) {
                result.focusModes[index] = mode
            } else {
                result.focusModes.append(mode)
            }
            return result
        }

        /// `Deep Work` → `deep-work`.
        static func identifier(for name: String) -> String {
            let words = name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            return words.isEmpty ? "focus" : String(words.joined(separator: "-").prefix(40))
        }

        public func run() async throws {
            let client = try connection.client()
            let settings = try await client.focus().settings ?? API.QuietSettings()
            let focus = try await client.updateFocus(try applied(to: settings))
            try output.print(focus) { FocusText.modes(focus.settings?.focusModes ?? []) }
        }
    }

    /// `herald focus remove NAME`.
    public struct Remove: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Delete a Focus.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The Focus, by identifier or name.") package var name: String

        public init() {}

        public func run() async throws {
            let client = try connection.client()
            var settings = try await client.focus().settings ?? API.QuietSettings()
            let mode = try FocusCommand.mode(named: name, in: settings.focusModes)
            settings.focusModes.removeAll { $0.identifier == mode.identifier }
            if settings.override?.focus == mode.identifier { settings.override = nil }
            let focus = try await client.updateFocus(settings)
            try output.print(focus) { "Removed \(mode.name) (\(mode.identifier)).\n" }
        }
    }
}
