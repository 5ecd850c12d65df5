package import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Local files for attachments whose bytes have none: those an engine keeps in
/// memory or in PostgreSQL, and those a client downloads from the daemon. An
/// attachment read back then has a `file://` URL of a readable file, as on
/// Apple's platforms, where the system copies attachments into its own store.
///
/// The files live in a directory of the cache's own, made on the first write
/// with `mkdtemp` in `$XDG_RUNTIME_DIR` (else the temporary directory) and
/// named after the process (`herald-attachments-<pid>-XXXXXX`): 0700, each file
/// 0600 and named by the SHA-256 of its bytes, written under a temporary name
/// and renamed, so a file under a digest's name always holds all of it. The
/// directory goes with the cache (``remove()``, or when the cache is released);
/// the directories of processes that ended with their caches alive (at exit, or
/// killed) are removed by the next process that makes one in the same place.
package final class AttachmentCache: Sendable {
    private let parent: URL
    private let directory = Mutex<URL?>(nil)
    /// The parents this process has already swept of abandoned directories.
    private static let swept = Mutex<Set<String>>([])

    /// A cache whose directory will be made in `parent`, by default
    /// `$XDG_RUNTIME_DIR` or else the temporary directory.
    package init(parent: URL? = nil) {
        self.parent = parent ?? Self.defaultParent
    }

    deinit {
        remove()
    }

    /// `$XDG_RUNTIME_DIR` when it is set to an absolute directory, else the temporary directory.
    static var defaultParent: URL {
        var isDirectory: ObjCBool = false
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            FileManager.default.fileExists(atPath: runtime, isDirectory: &isDirectory), isDirectory.boolValue
        {
            return URL(fileURLWithPath: runtime, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }

    /// The file holding the bytes of `digest`, if the cache has it.
    package func file(for digest: String) -> URL? {
        guard PrivateFile.isDigest(digest), let directory = directory.withLock({ $0 }) else { return nil }
        let file = directory.appendingPathComponent(digest)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// The file holding the bytes of `digest`, written from `bytes()` if the cache
    /// does not have it yet; `nil` when `digest` is not a SHA-256 or `bytes()` has none.
    package func file(for digest: String, bytes: () throws -> Data?) throws -> URL? {
        if let file = file(for: digest) { return file }
        guard PrivateFile.isDigest(digest), let data = try bytes() else { return nil }
        return try store(data, digest: digest)
    }

    /// Writes `data`, whose SHA-256 is `digest`, into the cache; returns its file.
    package func store(_ data: Data, digest: String) throws -> URL {
        guard PrivateFile.isDigest(digest) else {
            throw NotificationError(.attachmentNotInDataStore, "\(digest) is not a SHA-256 digest")
        }
        let file = try madeDirectory().appendingPathComponent(digest)
        try PrivateFile.write(data, to: file, durable: false)
        return file
    }

    /// Whether the cache holds no file.
    package var isEmpty: Bool {
        guard let directory = directory.withLock({ $0 }) else { return true }
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).isEmpty
    }

    /// Removes every file but those of the digests in `kept` (and those being written).
    package func removeAll(except kept: Set<String>) {
        guard let directory = directory.withLock({ $0 }),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return }
        for name in names where !kept.contains(name) && !name.hasPrefix(".") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Removes the directory and every file in it; a later write makes a new one.
    package func remove() {
        guard let directory = directory.withLock({ state in defer { state = nil }; return state }) else { return }
        try? FileManager.default.removeItem(at: directory)
    }

    private func madeDirectory() throws -> URL {
        let made = try directory.withLock { directory in
            if let directory { return directory }
            let made = try PrivateFile.makeDirectory(in: parent, prefix: "\(Self.prefix)\(getpid())-")
            directory = made
            return made
        }
        if Self.swept.withLock({ $0.insert(parent.path).inserted }) { Self.removeAbandoned(in: parent) }
        return made
    }

    private static let prefix = "herald-attachments-"

    /// Removes the cache directories in `parent` of this user's processes that
    /// are gone; another user's, and those of a live process, stay.
    static func removeAbandoned(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid(),
                kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            let path = parent.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
