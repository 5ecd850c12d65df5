public import ArgumentParser
import Foundation
import HeraldClient

/// `herald service`: runs the daemon as a systemd user service.
public struct ServiceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Run the daemon as a systemd user service, started with every session.",
        subcommands: [Install.self, Uninstall.self, Status.self], defaultSubcommand: Status.self)

    public init() {}

    /// `herald service install`.
    public struct Install: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Write the user unit herald.service for this herald, then enable and start it.",
            discussion: """
                The unit goes to $XDG_CONFIG_HOME/systemd/user (else ~/.config/systemd/user) and runs \
                `herald serve` with these options; installing again replaces it and restarts the daemon.
                """)

        @Option(
            name: .customLong("data-dir"),
            help: "The daemon's data directory (default: $HERALD_DATA_DIR, else $XDG_DATA_HOME/herald, else ~/.local/share/herald).")
        package var dataDirectory: String?
        @Option(help: "The port the daemon listens on.") package var port = 7878
        @Option(help: "The address the daemon listens on.") package var host = "127.0.0.1"
        @Option(help: "How the daemon shows deliveries on the desktop (herald serve --desktop).")
        package var desktop = ServiceUnit.DesktopMode.auto
        @Flag(name: .customLong("no-enable"), help: "Only write the unit; do not enable or start it.")
        package var noEnable = false
        @Flag(help: "Replace a herald.service that herald service install did not write.") package var force = false

        public init() {}

        public func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port)") }
            guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        }

        public func run() throws {
            try install(in: .current)
        }

        /// Writes, enables and starts the unit with `context`'s environment, executable and `systemctl`.
        package func install(in context: ServiceContext) throws {
            let directory = dataDirectory
                ?? HeraldClient.Endpoint.dataDirectory(environment: context.environment).path
            let unit = try ServiceUnit(
                executable: context.executable(), port: port, host: host,
                dataDirectory: context.absolute(directory), desktop: desktop)
            try UserService(context: context).install(unit, force: force, enable: !noEnable)
        }
    }

    /// `herald service uninstall`.
    public struct Uninstall: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Stop and disable herald.service and remove the unit herald service install wrote.")

        public init() {}

        public func run() throws {
            try UserService(context: .current).uninstall()
        }
    }

    /// `herald service status`.
    public struct Status: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Show the unit file, its command, and whether the user manager has it enabled and running.")
        @OptionGroup package var output: OutputOptions

        public init() {}

        public func run() throws {
            try report(in: .current)
        }

        /// Prints the status `context`'s unit directory and `systemctl` give.
        package func report(in context: ServiceContext) throws {
            let status = try UserService(context: context).status()
            context.write(output.json ? try Console.json(status) : status.text)
        }
    }
}

extension ServiceUnit.DesktopMode: ExpressibleByArgument {}
