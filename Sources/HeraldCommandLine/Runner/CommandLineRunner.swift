public import ArgumentParser
import Foundation
import HeraldClient

/// Runs the `herald` command line with its exit statuses:
///
/// | status | meaning |
/// |---|---|
/// | 0 | done |
/// | 1 | the daemon refused, or systemd or the browser failed (`error: <code>: <message>` on standard error) |
/// | 2 | a usage error: bad options or arguments, found before any call |
/// | 3 | the daemon cannot be reached (not running, no token, connection failed) |
public enum CommandLineRunner {
    /// The client subcommands of `herald`, in the order `herald --help` lists them.
    public static let clientCommands: [any ParsableCommand.Type] = [
        ScheduleCommand.self, PendingCommand.self, CancelCommand.self, DeliveredCommand.self,
        RemoveDeliveredCommand.self, RespondCommand.self, WatchCommand.self, AppsCommand.self,
        CategoriesCommand.self, BadgeCommand.self, AuthorizeCommand.self, SettingsCommand.self, LocationCommand.self,
        ClockCommand.self,
        OpenCommand.self, ServiceCommand.self, PushCommand.self, FocusCommand.self, SummaryCommand.self,
        PreferencesCommand.self,
    ]

    /// Parses the arguments (the process's by default) as `root`'s command line,
    /// runs the command, and exits with its status.
    public static func main(_ root: any ParsableCommand.Type, arguments: [String]? = nil) async -> Never {
        do {
            var command = try root.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(0)
        } catch {
            report(error, root: root)
            exit(exitStatus(for: error, root: root))
        }
    }

    /// The status the process exits with after `error`.
    package static func exitStatus(for error: any Error, root: any ParsableCommand.Type) -> Int32 {
        if let error = error as? HeraldClientError { return status(of: error.code) }
        if error is SystemIntegrationError { return 1 }
        let code = root.exitCode(for: error)
        return code == .validationFailure ? 2 : code.rawValue
    }

    private static func status(of code: HeraldClientError.Code) -> Int32 {
        switch code {
        case .daemonUnreachable, .credentialsUnavailable, .invalidEndpoint, .connectionFailed: 3
        default: 1
        }
    }

    private static func report(_ error: any Error, root: any ParsableCommand.Type) {
        if let error = error as? HeraldClientError { return Console.error("error: \(error)") }
        if let error = error as? SystemIntegrationError { return Console.error("error: \(error)") }
        let message = root.fullMessage(for: error)
        guard !message.isEmpty else { return }
        if root.exitCode(for: error) == .success {
            Console.write(message + "\n")
        } else {
            Console.error(message)
        }
    }
}
