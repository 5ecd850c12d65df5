public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed on deinit.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file in the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes an executable script `name` holding `text`, through a descriptor that
    /// no other process can inherit (`O_CLOEXEC`): a process the test runner starts
    /// meanwhile, for another test, would otherwise hold the file open for writing
    /// and make running it fail with "Text file busy" (`ETXTBSY`).
    public func writeExecutable(_ text: String, to name: String) throws {
        let descriptor = open(path(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            bytes = bytes.dropFirst(written)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
