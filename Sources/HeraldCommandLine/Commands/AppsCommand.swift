import Foundation
public import ArgumentParser
package import HeraldAPI
import HeraldClient

/// `herald apps`: the registered apps.
public struct AppsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "List, register and remove apps, and renew their tokens.",
        subcommands: [List.self, Register.self, Remove.self, Token.self], defaultSubcommand: List.self)

    public init() {}

    /// `herald apps list`.
    public struct List: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "List the registered apps.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let apps = try await connection.client().apps()
            try output.print(["apps": apps]) { Listings.apps(apps, timeZone: .current) }
        }
    }

    /// `herald apps register`.
    public struct Register: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Register an app; prints its token, shown this once.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The app's identifier, such as com.example.todo.") package var identifier: String
        @Option(help: "The name people see (by default the identifier).") package var name: String?
        @Option(help: "An http(s) URL that receives the app's deliveries and background responses.")
        package var webhook: String?

        public init() {}

        /// What is sent to the daemon: the name defaults to the identifier.
        package var registration: API.AppRegistration {
            API.AppRegistration(identifier: identifier, name: name ?? identifier, webhookURL: webhook)
        }

        public func run() async throws {
            let credentials = try await connection.client().registerApp(registration)
            try output.print(credentials) { Self.describe(credentials) }
        }

        static func describe(_ credentials: API.AppCredentials) -> String {
            let secret = credentials.webhookSecret.map { "Webhook secret: \($0)\n" } ?? ""
            return "Registered \(credentials.app.identifier) (“\(credentials.app.name)”).\nToken: \(credentials.token)\n" + secret
        }
    }

    /// `herald apps remove`.
    public struct Remove: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Remove an app with its pending requests, deliveries and token.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The app's identifier.") package var identifier: String

        public init() {}

        public func run() async throws {
            try await connection.client().removeApp(identifier)
            if !output.json { Console.write("Removed \(identifier).\n") }
        }
    }

    /// `herald apps token`.
    public struct Token: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Give an app a new token; the old one stops working.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The app's identifier.") package var identifier: String

        public init() {}

        public func run() async throws {
            let credentials = try await connection.client().renewToken(for: identifier)
            try output.print(credentials) { "Token: \(credentials.token)\n" }
        }
    }
}
