package import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The SQLite store's attachments: one file per digest, named by it, in a
/// directory next to the database (`<database>.attachments/`), the directory
/// 0700 and the files 0600, made when the first attachment is kept.
///
/// A file is written to a temporary name, flushed and renamed into place, so a
/// file under a digest's name always holds all of its bytes.
package final class FileAttachmentStore: AttachmentStore {
    /// The directory.
    package let directory: URL
    private let pins = Mutex(AttachmentPins())

    /// A store in `directory`, which need not exist yet.
    package init(directory: URL) {
        self.directory = directory
    }

    /// The directory for the database at `databasePath`.
    package convenience init(databasePath: String) {
        self.init(directory: URL(fileURLWithPath: databasePath + ".attachments"))
    }

    package func put(_ data: Data, digest: String) throws {
        pins.withLock { $0.pin(digest) }
        let file = directory.appendingPathComponent(digest)
        guard !FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            try makeDirectory()
            try PrivateFile.write(data, to: file, durable: true)
        } catch {
            unpin([digest])
            throw error
        }
    }

    package func pin(_ digest: String) -> Int? {
        guard PrivateFile.isDigest(digest) else { return nil }
        return pins.withLock { pins in
            var info = stat()
            guard stat(directory.appendingPathComponent(digest).path, &info) == 0 else { return nil }
            pins.pin(digest)
            return Int(info.st_size)
        }
    }

    package func unpin(_ digests: [String]) {
        pins.withLock { pins in digests.forEach { pins.unpin($0) } }
    }

    package func data(_ digest: String) throws -> Data? {
        guard PrivateFile.isDigest(digest) else { return nil }
        let file = directory.appendingPathComponent(digest)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try Data(contentsOf: file)
    }

    package func url(_ digest: String) -> URL? {
        PrivateFile.isDigest(digest) ? directory.appendingPathComponent(digest) : nil
    }

    package var isEmpty: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).isEmpty
    }

    package func removeAll(except referenced: Set<String>) throws -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        // Under the pins' lock: a digest pinned after this check is written again by its put.
        return pins.withLock { pins in
            var removed = 0
            for name in names where !referenced.contains(name) && !pins.contains(Self.digest(named: name)) {
                // Temporary files of a write that a crash interrupted are swept too.
                if unlink(directory.appendingPathComponent(name).path) == 0 { removed += 1 }
            }
            return removed
        }
    }

    private func makeDirectory() throws {
        var info = stat()
        if lstat(directory.path, &info) == 0 { return }
        guard mkdir(directory.path, 0o700) == 0 || errno == EEXIST else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        _ = chmod(directory.path, 0o700)
    }

    /// The digest a file name is for: the name itself, or that of a temporary file
    /// (`.<digest>.<UUID>.tmp`).
    private static func digest(named name: String) -> String {
        guard name.hasPrefix(".") else { return name }
        return String(name.dropFirst().prefix { $0 != "." })
    }
}
