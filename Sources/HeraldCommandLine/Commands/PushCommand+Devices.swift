import Foundation
public import ArgumentParser
package import HeraldAPI
import HeraldClient

extension PushCommand {
    /// `herald push invite`, on the push service.
    public struct Invite: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Make a one-time code for a device on another machine to connect with (within the hour).")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Option(help: "The device's name.") package var name: String

        public init() {}

        public func run() async throws {
            let invite = try await connection.client().invitePushDevice(name: name)
            try output.print(invite) { Self.text(invite) }
        }

        /// What a person reads: the command to run on the device.
        package static func text(_ invite: API.PushInvite) -> String {
            guard let url = invite.url else {
                return "Invite code for \(invite.name): \(invite.code)\n"
                    + "This daemon does not serve the provider API: start it with --push-port for devices to connect.\n"
            }
            var command = "herald push connect \(url)"
            if let fingerprint = invite.fingerprint { command += " --fingerprint \(fingerprint)" }
            return "On the device \(invite.name), within the hour, run:\n  \(command) --code \(invite.code)\n"
        }
    }

    /// `herald push connect`, on the device.
    public struct Connect: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Make this daemon a device of a push service on another machine, with the code it invited it with.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Argument(help: "The push service's address, https://host:port.") package var url: String
        @Option(help: "The service's certificate fingerprint, as herald push invite printed it.")
        package var fingerprint: String?
        @Option(help: "The invite code, hpi_….") package var code: String

        public init() {}

        public func run() async throws {
            let upstream = try await connection.client().connectPushService(
                API.PushConnectRequest(url: url, fingerprint: fingerprint, code: code))
            try output.print(upstream) {
                "This daemon is device \(upstream.name) (\(upstream.device)) of the push service at \(upstream.url).\n"
            }
        }
    }

    /// `herald push upstream`, on the device.
    public struct Upstream: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Show the push service this daemon is a device of, and whether its link is up.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() async throws {
            let upstream = try await connection.client().pushUpstream()
            try output.print(upstream) {
                "Device \(upstream.name) (\(upstream.device)) of \(upstream.url): \(upstream.connected ? "linked" : "not linked now").\n"
            }
        }
    }
}

extension PushCommand {
    /// `herald push enrolled`, on the push service.
    public struct Enrolled: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "List and remove the devices on other machines enrolled with this push service.",
            subcommands: [List.self, Remove.self], defaultSubcommand: List.self)

        public init() {}

        /// `herald push enrolled list`.
        public struct List: AsyncParsableCommand {
            public static let configuration = CommandConfiguration(abstract: "List the enrolled devices.")
            @OptionGroup package var connection: ConnectionOptions
            @OptionGroup package var output: OutputOptions

            public init() {}

            public func run() async throws {
                let devices = try await connection.client().enrolledPushDevices()
                try output.print(["devices": devices]) {
                    guard !devices.isEmpty else { return "No device on another machine is enrolled.\n" }
                    return devices.map { "\($0.identifier)  \($0.name)  \($0.linked ? "linked" : "not linked")\n" }.joined()
                }
            }
        }

        /// `herald push enrolled remove`.
        public struct Remove: AsyncParsableCommand {
            public static let configuration = CommandConfiguration(
                abstract: "Remove an enrolled device: its link ends, and its apps' tokens are Unregistered from now on.")
            @OptionGroup package var connection: ConnectionOptions
            @OptionGroup package var output: OutputOptions
            @Argument(help: "The device's identifier (see herald push enrolled).") package var device: String

            public init() {}

            public func run() async throws {
                try await connection.client().removeEnrolledPushDevice(device)
                try output.print(["removed": device]) { "Removed device \(device).\n" }
            }
        }
    }
}
