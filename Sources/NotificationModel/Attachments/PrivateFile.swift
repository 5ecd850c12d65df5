package import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Owner-only files and directories, for attachments' bytes.
package enum PrivateFile {
    /// Whether `name` is a lowercase hexadecimal SHA-256, so that it names a file
    /// in a directory and nothing outside it.
    package static func isDigest(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Writes `data` to a temporary owner-only (0600) file beside `file` and
    /// renames it over `file`, so that a file under `file`'s name always holds all
    /// of its bytes; `durable` flushes it to disk before the rename.
    package static func write(_ data: Data, to file: URL, durable: Bool) throws {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { unlink(temporary.path) }
        var written = 0
        data.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result <= 0 { break }
                written += result
            }
        }
        let synced = durable ? fsync(descriptor) : 0
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary.path, file.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Makes a new owner-only (0700) directory in `parent`, named `prefix`
    /// followed by random characters (`mkdtemp`), so that no other user can have
    /// made it or put anything in it.
    package static func makeDirectory(in parent: URL, prefix: String) throws -> URL {
        var template = Array(parent.appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return URL(fileURLWithPath: made, isDirectory: true)
    }
}
