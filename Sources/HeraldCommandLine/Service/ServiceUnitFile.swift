package import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `herald.service` in the user's systemd unit directory, `$XDG_CONFIG_HOME/systemd/user`
/// (else `~/.config/systemd/user`), where `systemctl --user` finds units of the user's own.
package struct ServiceUnitFile: Sendable, Hashable {
    /// The unit file.
    package let url: URL

    /// The file in the unit directory that `environment` names.
    package init(environment: [String: String]) {
        url = Self.directory(environment: environment).appendingPathComponent(ServiceUnit.name)
    }

    /// `$XDG_CONFIG_HOME/systemd/user` when that is an absolute path, else `$HOME/.config/systemd/user`.
    static func directory(environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("systemd/user")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/systemd/user")
    }

    /// The link `systemctl enable` makes for `WantedBy=default.target`.
    var wantsLink: URL {
        url.deletingLastPathComponent().appendingPathComponent("default.target.wants/\(ServiceUnit.name)")
    }

    /// The file's text; `nil` when there is no file.
    ///
    /// - Throws: ``SystemIntegrationError/Code/unitFileFailed`` when it exists but cannot be read.
    package func read() throws(SystemIntegrationError) -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw SystemIntegrationError(.unitFileFailed, "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// Replaces the file with `text`, mode 0644, so that a crash leaves the old file or
    /// the new one: a temporary file beside it, flushed, renamed over it. Creates the
    /// unit directory if needed.
    package func write(_ text: String) throws(SystemIntegrationError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SystemIntegrationError(.unitFileFailed, "cannot create \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(ServiceUnit.name).\(UUID().uuidString).tmp")
        try writeFlushed(Data(text.utf8), to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let failure = self.failure("cannot write \(url.path)")
            unlink(temporary.path)
            throw failure
        }
    }

    /// Removes the file, if there is one.
    package func remove() throws(SystemIntegrationError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("cannot remove \(url.path)") }
    }

    /// Removes the link `systemctl enable` made to the file, if there is one: what
    /// `systemctl disable` does, for when it cannot run.
    ///
    /// - Returns: whether there was a link to remove.
    package func removeWantsLink() throws(SystemIntegrationError) -> Bool {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: wantsLink.path),
              URL(fileURLWithPath: target, relativeTo: wantsLink.deletingLastPathComponent()).standardizedFileURL.path
                == url.standardizedFileURL.path
        else { return false }
        guard unlink(wantsLink.path) == 0 || errno == ENOENT else { throw failure("cannot remove \(wantsLink.path)") }
        return true
    }

    /// Creates `file` with `data`, mode 0644 whatever the umask, and flushes it to disk.
    private func writeFlushed(_ data: Data, to file: URL) throws(SystemIntegrationError) {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot write \(file.path)") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count, fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
            let failure = self.failure("cannot write \(file.path)")
            unlink(file.path)
            throw failure
        }
    }

    /// `message` with the reason `errno` gives.
    private func failure(_ message: String) -> SystemIntegrationError {
        SystemIntegrationError(.unitFileFailed, "\(message): \(String(cString: strerror(errno)))")
    }
}
