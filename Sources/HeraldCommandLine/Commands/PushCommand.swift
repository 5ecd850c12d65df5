import Foundation
public import ArgumentParser
package import HeraldAPI
import HeraldClient
import NotificationModel

/// `herald push`: the push service's provider keys and device registrations.
public struct PushCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "push", abstract: "The push service: provider keys and the devices registered for pushes.",
        subcommands: [Send.self, Keys.self, Devices.self, Invite.self, Connect.self, Upstream.self, Enrolled.self])

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

    /// `herald push send`.
    public struct Send: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Push to a device token as a provider would, without a provider token (admin).")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The device token, 64 hexadecimal digits (see herald push devices).")
        package var deviceToken: String
        @Option(help: "The app (apns-topic); by default the one the token belongs to.") package var topic: String?
        @Option(help: "The alert's title.") package var title: String?
        @Option(help: "The alert's body.") package var body: String?
        @Option(help: "A sound name, or default.") package var sound: String?
        @Option(help: "The badge number (0 clears it).") package var badge: Int?
        @Option(help: "The category, whose actions the notification shows.") package var category: String?
        @Option(name: .customLong("collapse-id"), help: "A later push with the same one replaces this one.")
        package var collapseID: String?
        @Option(help: "A UNIX time in seconds the push waits for its device until (apns-expiration); 0 delivers it now or never.")
        package var expiration: Int?
        @Flag(help: "A background push (content-available, nothing shown).") package var background = false
        @Option(help: "The whole JSON payload instead of the options above (a file, or - for standard input).")
        package var payload: String?

        public init() {}

        /// What is sent to the daemon.
        package func push() throws(CommandLineError) -> API.PushSend {
            API.PushSend(
                deviceToken: deviceToken, topic: topic, pushType: background ? "background" : "alert",
                payload: try payloadValue(), collapseID: collapseID, expiration: expiration)
        }

        private func payloadValue() throws(CommandLineError) -> JSONValue {
            if let payload {
                let data = payload == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: payload)
                guard let data else { throw CommandLineError("cannot read \(payload)") }
                guard let value = try? JSONDecoder().decode(JSONValue.self, from: data), case .object(_) = value else {
                    throw CommandLineError("\(payload) is not a JSON object")
                }
                return value
            }
            var aps: [String: JSONValue] = [:]
            var alert: [String: JSONValue] = [:]
            if let title { alert["title"] = .string(title) }
            if let body { alert["body"] = .string(body) }
            if !alert.isEmpty { aps["alert"] = .object(alert) }
            if let sound { aps["sound"] = .string(sound) }
            if let badge { aps["badge"] = .number(Double(badge)) }
            if let category { aps["category"] = .string(category) }
            if background { aps["content-available"] = .number(1) }
            guard !aps.isEmpty else {
                throw CommandLineError("say what the push shows (--title, --body, --sound, --badge), or --background, or --payload")
            }
            return .object(["aps": .object(aps)])
        }

        public func run() async throws {
            let result = try await connection.client().sendPush(try push())
            try output.print(result) {
                if let reason = result.reason {
                    return "Refused: \(result.status) \(reason) (apns-id \(result.apnsID)).\n"
                }
                return "Sent (apns-id \(result.apnsID)).\n"
            }
            if result.reason != nil { throw ExitCode(1) }
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
