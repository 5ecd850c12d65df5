public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The apps' documents as files in one directory, one per app.
///
/// A missing file reads as `nil` (the app starts empty). Writes are atomic: the
/// new contents go to a temporary file in the same directory, are flushed to
/// disk, then renamed over the old file (and the directory flushed), so a crash
/// leaves either the old file or the new one. One process writes them, so
/// ``exclusively(_:_:)`` only runs its body.
public struct FileDocumentStorage: DocumentStorage {
    /// The directory.
    public let directory: URL

    /// The files in `directory`, which is created if missing.
    ///
    /// - Throws: ``HeraldAppError`` `storeFailure` when it cannot be created.
    public init(directory: URL) throws(HeraldAppError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .storeFailure("cannot create the data directory \(directory.path): \(error.localizedDescription)")
        }
        self.directory = directory
    }

    public var isShared: Bool { false }

    public func load(_ name: String) throws -> Data? {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw HeraldAppError.storeFailure("cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    public func save(_ name: String, _ data: Data) throws {
        let url = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        do throws(HeraldAppError) {
            try write(data, to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw HeraldAppError.storeFailure("cannot replace \(url.path): \(String(cString: strerror(errno)))")
            }
            synchronizeDirectory()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T {
        try await body()
    }

    public func observe(_ name: String, _ handler: @escaping @Sendable () -> Void) {}

    /// Writes the whole of `data` to a new file and flushes it to disk.
    private func write(_ data: Data, to file: URL) throws(HeraldAppError) {
        do {
            try data.write(to: file, options: .withoutOverwriting)
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            throw .storeFailure("cannot write \(file.path): \(error.localizedDescription)")
        }
    }

    /// Flushes the directory, so the rename survives a power loss; best effort.
    private func synchronizeDirectory() {
        let descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
