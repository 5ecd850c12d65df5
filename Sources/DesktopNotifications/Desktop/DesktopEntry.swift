public import Foundation
package import NotificationEngine

/// The `.desktop` file Herald writes for each registered app under
/// `$XDG_DATA_HOME/applications`, so notification servers show the app's name and
/// icon and docks can badge it.
///
/// Each file is `herald-<app>.desktop`, marked `X-Herald-App=<app>` and
/// `X-Herald-Daemon=<owner>`, the daemon that wrote it; a daemon removes only files
/// with its own mark, so two daemons of one user leave each other's files alone.
package struct DesktopEntry: Sendable, Hashable {
    /// The file's id for `app`: `herald-` and the identifier, with every character a
    /// desktop file id cannot hold as `_`.
    package static func id(for app: AppIdentifier) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        return "herald-" + String(app.rawValue.map { allowed.contains($0) ? $0 : "_" })
    }

    /// The folder the files go in: `$XDG_DATA_HOME/applications`, else `~/.local/share/applications`.
    package static func directory(environment: [String: String]) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("applications")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/applications")
    }

    var app: DesktopApp
    /// The command that opens the app.
    var exec: [String]
    /// Who wrote the file: ``DesktopPresenter/Configuration/owner``.
    var owner: String

    /// The file's text.
    package func render() -> String {
        var lines = [
            "[Desktop Entry]", "Type=Application", "Version=1.5", "Name=\(Self.escapedValue(app.name))",
            "Comment=Notifications of \(Self.escapedValue(app.name)) through Herald",
            "Exec=\(exec.map(Self.quotedArgument).joined(separator: " "))",
            "Icon=\(Self.escapedValue(app.icon ?? "preferences-system-notifications"))",
            "NoDisplay=true", "StartupNotify=true", "X-GNOME-UsesNotifications=true",
            "X-Herald-App=\(Self.escapedValue(app.identifier.rawValue))",
            Self.ownerMark(owner),
        ]
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// The line that marks a file as `owner`'s.
    static func ownerMark(_ owner: String) -> String {
        "X-Herald-Daemon=\(escapedValue(owner))"
    }

    /// A string value: backslash, newline, tab and carriage return escaped as the spec says.
    static func escapedValue(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    /// An `Exec` argument: quoted when it holds a reserved character, with `"`, `` ` ``,
    /// `$` and `\` escaped inside the quotes, `%` doubled, then escaped as a string value.
    static func quotedArgument(_ argument: String) -> String {
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`=%")
        var text = argument.replacingOccurrences(of: "%", with: "%%")
        if text.contains(where: { reserved.contains($0) }) || text.isEmpty {
            var quoted = "\""
            for character in text {
                if "\"`$\\".contains(character) { quoted.append("\\") }
                quoted.append(character)
            }
            text = quoted + "\""
        }
        return escapedValue(text)
    }
}

/// Writes and removes the apps' `.desktop` files in one folder, for one owner.
public struct DesktopEntryFolder: Sendable {
    package let directory: URL
    /// Whose files this folder removes: only those marked with it.
    package let owner: String

    /// The folder of `environment`'s user: ``DesktopEntry/directory(environment:)``.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        DesktopEntry.directory(environment: environment)
    }

    package init(directory: URL, owner: String) {
        self.directory = directory
        self.owner = owner
    }

    /// The file of `app`.
    package func file(for app: AppIdentifier) -> URL {
        directory.appendingPathComponent(DesktopEntry.id(for: app) + ".desktop")
    }

    /// Writes the app's file (0644, replaced atomically) unless it already holds that text.
    package func write(_ entry: DesktopEntry) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = file(for: entry.app.identifier)
        let text = entry.render()
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try Data(text.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
    }

    /// Removes the app's file, if this owner wrote it.
    package func remove(_ app: AppIdentifier) throws {
        let url = file(for: app)
        guard isOwned(url) else { return }
        try FileManager.default.removeItem(at: url)
    }

    /// Removes the files this owner wrote for apps not in `apps`; those of other
    /// owners (another daemon's, or an older Herald's without a mark) stay.
    package func removeAll(except apps: Set<AppIdentifier>) throws {
        let keep = Set(apps.map { file(for: $0).lastPathComponent })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("herald-") && name.hasSuffix(".desktop") && !keep.contains(name) {
            let url = directory.appendingPathComponent(name)
            if isOwned(url) { try FileManager.default.removeItem(at: url) }
        }
    }

    /// Whether Herald wrote the file, for this owner.
    private func isOwned(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n")
        let mark = DesktopEntry.ownerMark(owner)
        return lines.contains { $0.hasPrefix("X-Herald-App=") } && lines.contains { $0 == mark }
    }
}
