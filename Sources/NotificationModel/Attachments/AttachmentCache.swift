package import Foundation
import Synchronization

/// Local files for attachments whose bytes have none: those an engine keeps in
/// memory or in PostgreSQL, and those a client downloads from the daemon. An
/// attachment read back then has a `file://` URL of a readable file, as on
/// Apple's platforms, where the system copies attachments into its own store.
///
/// The files live in a directory of the cache's own, made on the first write
/// with `mkdtemp` in `$XDG_RUNTIME_DIR` (else the temporary directory): 0700,
/// each file 0600 and named by the SHA-256 of its bytes, written under a
/// temporary name and renamed, so a file under a digest's name always holds all
/// of it. The directory goes with the cache (``remove()``, or when the cache is
/// released); what a process that was killed leaves behind goes with
/// `$XDG_RUNTIME_DIR` at logout, or with the temporary directory's cleaning.
package final class AttachmentCache: Sendable {
    private let parent: URL
    private let directory = Mutex<URL?>(nil)

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
        try directory.withLock { directory in
            if let directory { return directory }
            let made = try PrivateFile.makeDirectory(in: parent, prefix: "herald-attachments-")
            directory = made
            return made
        }
    }
}
