import Foundation

/// `herald.service` under the user's systemd manager: installing it, removing it,
/// and how it is doing.
package struct UserService: Sendable {
    /// The environment, executable, `systemctl` and terminal it works with.
    package let context: ServiceContext

    /// The service in `context`.
    package init(context: ServiceContext) {
        self.context = context
    }

    /// The unit file in the user's unit directory.
    package var file: ServiceUnitFile { ServiceUnitFile(environment: context.environment) }

    /// Writes `unit`'s file and, when `enable`, makes the user manager start it now and
    /// with every session: `systemctl --user daemon-reload`, `enable herald.service`,
    /// `restart herald.service`.
    ///
    /// `restart`, not `enable --now`: on a reinstall over a running service, `--now`
    /// would leave the old command line running; `restart` starts a stopped service and
    /// restarts a running one on the new file.
    ///
    /// - Throws: ``SystemIntegrationError/Code/unitConflict`` when a `herald.service`
    ///   Herald did not write is there and not `force`;
    ///   ``SystemIntegrationError/Code/userManagerUnavailable`` when `systemctl --user`
    ///   cannot reach a user manager (the file is written);
    ///   ``SystemIntegrationError/Code/systemctlFailed`` when enabling or starting fails.
    package func install(_ unit: ServiceUnit, force: Bool, enable: Bool) throws(SystemIntegrationError) {
        if let existing = try file.read(), !ServiceUnit.isWrittenByHerald(existing), !force {
            throw SystemIntegrationError(
                .unitConflict,
                "\(file.url.path) was not written by herald service install; leaving it alone (--force replaces it)")
        }
        try file.write(unit.render())
        context.write("Wrote \(file.url.path)\n  ExecStart=\(unit.execStart)\n")
        guard enable else {
            return context.write("Not enabled (--no-enable). To start it now and with every session:\n\(Self.enableHint)\n")
        }
        try reload()
        try systemctl(["enable", ServiceUnit.name])
        try systemctl(["restart", ServiceUnit.name])
        context.write("Enabled and started \(ServiceUnit.name); `herald service status` shows how it is doing.\n")
    }

    /// The commands that enable and start the unit, for a person to run.
    static let enableHint = "  systemctl --user daemon-reload\n  systemctl --user enable --now \(ServiceUnit.name)"

    /// `systemctl --user daemon-reload`, which fails only when there is no user manager to reach.
    private func reload() throws(SystemIntegrationError) {
        let reason: String
        do throws(SystemIntegrationError) {
            let result = try context.systemctl.run(["daemon-reload"])
            guard result.status != 0 else { return }
            reason = result.reason
        } catch {
            reason = error.message
        }
        throw SystemIntegrationError(
            .userManagerUnavailable,
            "wrote \(file.url.path) but could not enable it: systemctl --user reaches no user service manager "
                + "(\(reason)). In a login session under systemd, run: "
                + "systemctl --user daemon-reload && systemctl --user enable --now \(ServiceUnit.name)")
    }

    /// Runs `systemctl --user arguments…`, its failure a ``SystemIntegrationError/Code/systemctlFailed``.
    private func systemctl(_ arguments: [String]) throws(SystemIntegrationError) {
        let result = try context.systemctl.run(arguments)
        guard result.status != 0 else { return }
        throw SystemIntegrationError(
            .systemctlFailed,
            "systemctl --user \(arguments.joined(separator: " ")) failed (\(result.reason)); see "
                + "`systemctl --user status \(ServiceUnit.name)` and `journalctl --user -u \(ServiceUnit.name)`")
    }
}
