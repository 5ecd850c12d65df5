#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An `AF_UNIX` datagram socket bound to a path or an abstract name: the service
/// manager's end of `NOTIFY_SOCKET`, built here independently of the code under test.
final class DatagramSocket: Sendable {
    /// What `NOTIFY_SOCKET` holds for this socket: the path, or `@name`.
    let address: String
    private let descriptor: Int32
    private let path: String?

    /// A socket bound to the file `path`.
    convenience init(path: String) throws {
        try self.init(address: path, bytes: Array(path.utf8), path: path)
    }

    /// A socket bound to `name` in the abstract namespace.
    convenience init(abstractName name: String) throws {
        try self.init(address: "@" + name, bytes: [0] + Array(name.utf8), path: nil)
    }

    private init(address: String, bytes: [UInt8], path: String?) throws {
        (self.address, self.path) = (address, path)
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(2 + bytes.count + (path == nil ? 0 : 1))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// The next datagram, waiting at most `seconds` without blocking a thread; `nil` when none came.
    func receive(within seconds: Double = 5) async throws -> [UInt8]? {
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // A look after the deadline too: a sleep that woke late still sees what came.
            let late = ContinuousClock.now >= deadline
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if late { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    deinit {
        close(descriptor)
        if let path { unlink(path) }
    }
}
