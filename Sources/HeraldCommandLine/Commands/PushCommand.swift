import Foundation
public import ArgumentParser
package import HeraldAPI
import HeraldClient

/// `herald push`: the push service's provider keys and device registrations.
public struct PushCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "push", abstract: "The push service: provider keys and the devices registered for pushes.",
        subcommands: [Keys.self, Devices.self])

    public init() {}

    /// `herald push keys`.
    public struct Keys: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "List, add and remove the provider keys that sign pushes (.p8 files).",
            subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

        public init() {}

        /// `herald push keys list`.
        public struct List: AsyncParsableCommand {
            public static let configuration = CommandConfiguration(abstract: "List the provider keys.")
            @OptionGroup package var connection: ConnectionOptions
            @OptionGroup package var output: OutputOptions

            public init() {}

            public func run() async throws {
                let keys = try await connection.client().pushKeys()
                try output.print(["keys": keys]) { Listings.pushKeys(keys, timeZone: .current) }
            }
        }

        /// `herald push keys add`.
        public struct Add: AsyncParsableCommand {
            public static let configuration = CommandConfiguration(
                abstract: "Register a provider key from its .p8 file, for a team and the apps it may push to.")
            @OptionGroup package var connection: ConnectionOptions
            @OptionGroup package var output: OutputOptions
            @Option(help: "The team (the iss of the provider's tokens).") package var team: String
            @Option(name: .customLong("key-id"), help: "The key identifier (the kid of the provider's tokens).")
            package var keyID: String
            @Option(help: "The .p8 file (a P-256 private key in PEM); only its public key is kept.")
            package var file: String
            @Option(name: .customLong("topic"), help: "An app identifier the team may push to (repeat for more).")
            package var topics: [String] = []

            public init() {}

            /// What is sent to the daemon.
            package func upload() throws(CommandLineError) -> API.PushKeyUpload {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CommandLineError("cannot read \(file)")
                }
                guard topics.count > 0 else { throw CommandLineError("name at least one --topic the team may push to") }
                return API.PushKeyUpload(
                    identifier: keyID, team: team, p8: String(decoding: data, as: UTF8.self), topics: topics)
            }

            public func run() async throws {
                let key = try await connection.client().addPushKey(try upload())
                try output.print(key) {
                    "Added key \(key.identifier) of team \(key.team), for \(key.topics.joined(separator: ", ")).\n"
                }
            }
        }

        /// `herald push keys remove`.
        public struct Remove: AsyncParsableCommand {
            public static let configuration = CommandConfiguration(
                abstract: "Remove a provider key; tokens it signed are refused from now on.")
            @OptionGroup package var connection: ConnectionOptions
            @OptionGroup package var output: OutputOptions
            @Argument(help: "The key identifier.") package var keyID: String

            public init() {}

            public func run() async throws {
                try await connection.client().removePushKey(keyID)
                if !output.json { Console.write("Removed key \(keyID).\n") }
            }
        }
    }

    /// `herald push devices`.
    public struct Devices: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "List the apps registered for remote notifications, with their device tokens.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let devices = try await connection.client().pushDevices()
            try output.print(["devices": devices]) { Listings.pushDevices(devices, timeZone: .current) }
        }
    }
}
