public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the daemon keeps its state: the engine's database, the app registry, the
/// webhook outbox, the bundled apps' files, the admin credential and
/// `daemon.json`, which tells clients where the daemon listens.
public struct DataDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// `$HERALD_DATA_DIR`, else `$XDG_DATA_HOME/herald`, else `~/.local/share/herald`:
    /// the directory the `herald` client commands look in too.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let directory = environment["HERALD_DATA_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: directory)
        }
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("herald")
        }
        let home = environment["HOME"].map(URL.init(fileURLWithPath:))
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/herald")
    }

    /// Opens the directory, creating it (owner-only) if needed, and makes it and
    /// everything in it owner-only: a directory that exists with looser modes (0755,
    /// say) is tightened to 0700 and its files to 0600. From then on the process
    /// creates files owner-only (its umask is 077), SQLite's too.
    ///
    /// - Throws: ``DaemonError`` when the directory cannot be created, belongs to another
    ///   user, or cannot be made owner-only.
    public init(url: URL) throws {
        self.url = url
        umask(0o077)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DaemonError("cannot create the data directory \(url.path): \(error.localizedDescription)")
        }
        try Self.makeOwnerOnly(url)
    }

    /// Sets `directory` to 0700 and everything under it to 0600 (folders 0700), without
    /// following symbolic links.
    static func makeOwnerOnly(_ directory: URL) throws {
        var info = stat()
        guard lstat(directory.path, &info) == 0 else {
            throw DaemonError("cannot read the data directory \(directory.path): \(String(cString: strerror(errno)))")
        }
        guard info.st_uid == geteuid() else {
            throw DaemonError(
                "the data directory \(directory.path) belongs to another user (uid \(info.st_uid)): choose one of your own with --data-dir")
        }
        try restrict(directory.path, to: 0o700, info: info)
        let children = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in children {
            let path = directory.appendingPathComponent(name).path
            guard lstat(path, &info) == 0, info.st_uid == geteuid() else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try makeOwnerOnly(URL(fileURLWithPath: path))
            case S_IFREG: try restrict(path, to: 0o600, info: info)
            default: continue
            }
        }
    }

    private static func restrict(_ path: String, to mode: mode_t, info: stat) throws {
        guard info.st_mode & 0o777 != mode else { return }
        guard chmod(path, mode) == 0 else {
            throw DaemonError("cannot make \(path) owner-only (mode \(String(mode, radix: 8))): \(String(cString: strerror(errno)))")
        }
    }

    var engineDatabase: URL { url.appendingPathComponent("engine.sqlite") }
    var registryFile: URL { url.appendingPathComponent("apps.json") }
    /// The push service's keys and device registrations.
    var pushFile: URL { url.appendingPathComponent("push.json") }
    /// The push service this daemon, as a device, is enrolled with (`herald push connect`).
    var pushUpstreamFile: URL { url.appendingPathComponent("push-upstream.json") }
    var webhookDatabase: URL { url.appendingPathComponent("webhooks.sqlite") }
    /// The Web Push messages owed to the person's browsers.
    var webPushDatabase: URL { url.appendingPathComponent("webpush.sqlite") }
    /// The pushes waiting for devices on other machines (``SQLiteDeviceQueues``).
    var pushQueueDatabase: URL { url.appendingPathComponent("push-queue.sqlite") }
    var appsDirectory: URL { url.appendingPathComponent("apps") }
    var adminTokenFile: URL { url.appendingPathComponent("admin-token") }
    var daemonFile: URL { url.appendingPathComponent("daemon.json") }
    var sessionsFile: URL { url.appendingPathComponent("sessions.json") }
    /// The provider API's self-signed certificate and its key, made at first start.
    var pushCertificateFile: URL { url.appendingPathComponent("push-cert.pem") }
    var pushKeyFile: URL { url.appendingPathComponent("push-key.pem") }

    /// What marks the `.desktop` files this daemon writes (`X-Herald-Daemon`): the
    /// first 16 hex digits of the SHA-256 of the directory's resolved path, so that a
    /// daemon of the same user on another data directory leaves them alone.
    var desktopOwner: String {
        String(Secrets.fingerprint(url.standardizedFileURL.resolvingSymlinksInPath().path).prefix(16))
    }

    /// The admin credential, made on first use and kept, owner-only, in `admin-token`.
    func adminToken() throws -> String {
        let file = adminTokenFile
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count >= 32 else { throw DaemonError("\(file.path) does not hold a usable token: delete it to make a new one") }
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            return token
        }
        let token = Secrets.makeToken(prefix: "had_")
        do {
            try Self.writeAtomically(Data((token + "\n").utf8), to: file)
        } catch {
            throw DaemonError("cannot write the admin credential \(file.path): \(error.localizedDescription)")
        }
        return token
    }

    /// Writes `daemon.json`: the address clients use to find this daemon, and
    /// `pushURL`, the provider API's, when it listens.
    func announce(url: String, pushURL: String? = nil) throws {
        struct Record: Encodable {
            var url: String
            var pushURL: String?
            var pid: Int32
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try Self.writeAtomically(try encoder.encode(Record(url: url, pushURL: pushURL, pid: getpid())), to: daemonFile)
    }

    /// Removes `daemon.json` when the daemon stops.
    func withdrawAnnouncement() {
        try? FileManager.default.removeItem(at: daemonFile)
    }

    /// Replaces `file` with `data` so that a crash leaves either the old file or
    /// the new one: a temporary file in the same directory, owner-only, flushed
    /// to disk, then renamed over it.
    static func writeAtomically(_ data: Data, to file: URL) throws {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { unlink(temporary.path) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary.path, file.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }
}
