import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One app's data in one JSON file.
///
/// A missing file reads as `nil` (the app starts empty); a file that is not the
/// app's JSON is a ``HeraldAppError`` with the code `storeFailure`, never a
/// crash. Writes are atomic: the new contents go to a temporary file in the same
/// directory, are flushed to disk, then renamed over the old file (and the
/// directory flushed), so a crash leaves either the old file or the new one.
struct JSONFileStore<Document: Codable & Sendable>: Sendable {
    /// The file.
    let url: URL

    /// A store for the file `name` in `directory`, which is created if missing.
    init(directory: URL, name: String) throws(HeraldAppError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .storeFailure("cannot create the data directory \(directory.path): \(error.localizedDescription)")
        }
        url = directory.appendingPathComponent(name)
    }

    /// The saved document, or `nil` if there is no file yet.
    func load() throws(HeraldAppError) -> Document? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .storeFailure("cannot read \(url.path): \(error.localizedDescription)")
        }
        do {
            return try Self.decoder.decode(Document.self, from: data)
        } catch {
            throw .storeFailure("\(url.path) is not a valid data file: \(error)")
        }
    }

    /// Replaces the file with `document`, atomically.
    func save(_ document: Document) throws(HeraldAppError) {
        let data: Data
        do {
            data = try Self.encoder.encode(document)
        } catch {
            throw .storeFailure("cannot encode the data of \(url.lastPathComponent): \(error)")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do throws(HeraldAppError) {
            try write(data, to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw HeraldAppError.storeFailure(
                    "cannot replace \(url.path): \(String(cString: strerror(errno)))")
            }
            synchronizeDirectory()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

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
        let descriptor = open(url.deletingLastPathComponent().path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
