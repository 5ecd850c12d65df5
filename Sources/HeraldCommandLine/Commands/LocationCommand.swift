import Foundation
public import ArgumentParser
import HeraldAPI
import HeraldClient
import NotificationModel

/// `herald location`: apps' location permission, asked for and answered.
public struct LocationCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show whether location triggers get the machine's position, and let apps ask and the person answer.",
        subcommands: [Show.self, Request.self, Answer.self], defaultSubcommand: Show.self)

    public init() {}

    /// `herald location show [--app APP]`.
    public struct Show: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show the location service and each app's permission (or one app's).")

        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Option(help: "Only this app.") package var app: String?

        public init() {}

        public func run() async throws {
            let client = try connection.client()
            if let app {
                let location = try await client.location(for: app)
                try output.print(location) { Self.line(location) + "\n" }
            } else {
                let overview = try await client.locationOverview()
                try output.print(overview) { Self.text(overview) }
            }
        }

        static func text(_ overview: API.LocationOverview) -> String {
            let service = "location service: \(overview.service)"
                + (overview.serviceError.map { " (\($0.code): \($0.message))" } ?? "")
            return ([TerminalText.escaped(service)] + overview.apps.map(line)).joined(separator: "\n") + "\n"
        }

        /// One app's line: `com.example.shop  authorizedWhenInUse (4), 2 regions, triggers wait: starting`.
        static func line(_ location: API.Location) -> String {
            let asking = location.requested.map { ", asks for \($0)" } ?? ""
            let waiting = location.waiting.map { ", triggers wait: \($0)" } ?? ""
            return TerminalText.escaped(
                "\(location.app)  \(location.status) (\(location.authorizationStatus))\(asking), "
                    + "\(location.regions) region\(location.regions == 1 ? "" : "s")\(waiting)")
        }
    }

    /// `herald location request --app APP [--access whenInUse|always]`.
    public struct Request: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "request", abstract: "Ask to use the machine's position, as the app would.")

        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Option(help: "The app.") package var app: String
        @Option(help: "whenInUse or always.") package var access = "whenInUse"

        public init() {}

        public func validate() throws {
            guard ["whenInUse", "always"].contains(access) else {
                throw ValidationError("--access is whenInUse or always, not \(access)")
            }
        }

        public func run() async throws {
            let location = try await connection.client().requestLocationAuthorization(access, for: app)
            try output.print(location) { Show.line(location) + "\n" }
        }
    }

    /// `herald location answer --app APP STATUS`.
    public struct Answer: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "answer",
            abstract: "Answer an app's location ask, or change its permission, as the person (admin).")

        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Option(help: "The app.") package var app: String
        @Argument(help: "authorizedWhenInUse, authorizedAlways, denied, restricted or notDetermined (ask again).")
        package var status: String

        static let statuses = ["authorizedWhenInUse", "authorizedAlways", "denied", "restricted", "notDetermined"]

        public init() {}

        public func validate() throws {
            guard Self.statuses.contains(status) else {
                throw ValidationError("the status is one of \(Self.statuses.joined(separator: ", ")), not \(status)")
            }
        }

        public func run() async throws {
            let location = try await connection.client().answerLocationAuthorization(status, for: app)
            try output.print(location) { Show.line(location) + "\n" }
        }
    }
}
