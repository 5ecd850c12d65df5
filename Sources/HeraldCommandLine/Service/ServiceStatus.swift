/// What `herald service status` reports: the unit file, and what the user manager
/// says of the service.
package struct ServiceStatus: Codable, Sendable, Hashable {
    /// The unit file's path.
    package var unitFile: String
    /// Whether the unit file exists.
    package var installed: Bool
    /// Whether `herald service install` wrote it; absent when it does not exist.
    package var writtenByHerald: Bool?
    /// The command the unit runs, as its `ExecStart=` line has it.
    package var execStart: String?
    /// What `systemctl --user is-enabled` prints: `enabled`, `disabled`, …
    package var enabled: String?
    /// What `systemctl --user is-active` prints: `active`, `inactive`, `failed`, …
    package var active: String?
    /// Why `systemctl --user` could not say, when it could not.
    package var systemctlError: String?

    /// The report as `herald service status` prints it.
    package var text: String {
        var lines = ["Unit file: \(unitFile) (\(fileState))"]
        if let execStart { lines.append("ExecStart: \(execStart)") }
        lines.append("Enabled:   \(enabled ?? "unknown")")
        lines.append("Active:    \(active ?? "unknown")")
        if let systemctlError { lines.append("systemctl --user: \(systemctlError)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private var fileState: String {
        guard installed else { return "not installed; herald service install writes it" }
        return writtenByHerald == true ? "written by herald service install" : "not written by Herald"
    }
}
