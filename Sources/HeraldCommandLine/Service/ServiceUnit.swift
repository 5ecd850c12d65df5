import Foundation

/// The systemd user unit `herald.service` that `herald service install` writes: it
/// runs `herald serve` with the options given at install time.
package struct ServiceUnit: Sendable, Hashable {
    /// How `herald serve` shows notifications on the desktop: its `--desktop` option.
    package enum DesktopMode: String, Sendable, Hashable, CaseIterable {
        case auto, on, off
    }

    /// The unit's file name.
    package static let name = "herald.service"
    /// The first line of every unit Herald writes: `uninstall` and `install` without
    /// `--force` touch only a file that has it.
    package static let marker = "# Written by herald service install"

    /// The absolute path of the `herald` executable.
    package let executable: String
    /// `herald serve --port`.
    package var port: Int
    /// `herald serve --host`.
    package var host: String
    /// `herald serve --data-dir`: an absolute path.
    package var dataDirectory: String
    /// `herald serve --desktop`.
    package var desktop: DesktopMode

    /// The unit that runs `executable serve` with these options.
    ///
    /// - Throws: ``SystemIntegrationError/Code/executableUnusable`` when systemd cannot
    ///   run `executable`: it is not an absolute path, or it holds a quote, a backslash,
    ///   `$` or a control character.
    package init(executable: String, port: Int, host: String, dataDirectory: String, desktop: DesktopMode)
        throws(SystemIntegrationError)
    {
        guard SystemdSyntax.program(executable) != nil else {
            throw SystemIntegrationError(
                .executableUnusable,
                "systemd cannot run \(executable): a unit's program must be an absolute path without quotes, "
                    + "backslashes, $ or control characters; move herald elsewhere")
        }
        self.executable = executable
        (self.port, self.host, self.dataDirectory, self.desktop) = (port, host, dataDirectory, desktop)
    }

    /// The words of the command the unit runs, the program first.
    package var command: [String] {
        [executable, "serve", "--port", String(port), "--host", host, "--data-dir", dataDirectory,
         "--desktop", desktop.rawValue]
    }

    /// The `ExecStart=` value: ``command`` quoted and escaped for systemd.
    package var execStart: String {
        ([SystemdSyntax.program(executable) ?? executable] + command.dropFirst().map(SystemdSyntax.argument))
            .joined(separator: " ")
    }

    /// The unit file's text, its first line ``marker``.
    package func render() -> String {
        // After=, not PartOf=graphical-session.target. The unit is WantedBy=default.target, so
        // the user manager starts it when the manager starts (the first login of any kind, or
        // boot with lingering), with or without a desktop: Herald's HTTP API and web notification
        // center serve without one. PartOf= would carry every stop and restart of
        // graphical-session.target to Herald: logging out of the desktop would stop it, and as
        // PartOf= carries no starts and default.target stays active while the manager runs
        // (another session, lingering), logging in again would leave it stopped. PartOf= is for
        // units that graphical-session.target itself wants. After= only orders: when a desktop
        // session starts in the same transaction, Herald starts once it is up, with the display
        // variables it imported into the manager; when none is starting, Herald starts at once.
        //
        // LimitNOFILE=: systemd's default soft limit on open files, 1,024, is about what the
        // daemon's 1,024 connections alone need (ConnectionLimits). 8,192 holds them and the
        // daemon's own files (stores, attachments, D-Bus, webhook posts) several times over,
        // and still bounds what a runaway daemon holds. A user manager whose hard limit is
        // lower starts the daemon with that one (systemd sets the closest limit it can).
        """
        \(Self.marker)
        # `herald service uninstall` stops, disables and removes it.
        [Unit]
        Description=Herald notification daemon
        After=graphical-session.target

        [Service]
        Type=notify
        ExecStart=\(execStart)
        Restart=on-failure
        RestartSec=2
        LimitNOFILE=8192

        [Install]
        WantedBy=default.target

        """
    }

    /// Whether `text`, a unit file's, is one Herald wrote: it has the ``marker`` line.
    package static func isWrittenByHerald(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { $0.trimmingCharacters(in: .whitespaces) == marker }
    }

    /// The `ExecStart=` value of the unit file `text`, if it has one.
    package static func execStart(in text: String) -> String? {
        text.split(whereSeparator: \.isNewline).last { $0.hasPrefix("ExecStart=") }.map { String($0.dropFirst(10)) }
    }
}
