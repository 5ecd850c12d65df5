#if canImport(Glibc)
import Glibc
#endif

/// The `AF_UNIX` address `NOTIFY_SOCKET` names: a socket file's absolute path, or
/// `@name` for `name` in the abstract namespace (the `@` becomes a NUL byte).
struct NotifySocketAddress {
    /// The address as `NOTIFY_SOCKET` gives it.
    let path: String
    private var storage = sockaddr_un()
    private let length: socklen_t

    /// The address of `path`.
    ///
    /// - Throws: ``SystemIntegrationError/Code/notifySocketInvalid`` when `path` starts
    ///   with neither `/` nor `@`, or does not fit in `sun_path`.
    init(_ path: String) throws(SystemIntegrationError) {
        self.path = path
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        guard abstract || bytes.first == UInt8(ascii: "/") else {
            throw SystemIntegrationError(
                .notifySocketInvalid, "NOTIFY_SOCKET=\(path) is neither an absolute path nor an @abstract name")
        }
        if abstract { bytes[0] = 0 }
        // A path needs its terminating NUL in sun_path; an abstract name is counted by the length alone.
        let capacity = MemoryLayout.size(ofValue: storage.sun_path) - (abstract ? 0 : 1)
        guard bytes.count <= capacity else {
            throw SystemIntegrationError(
                .notifySocketInvalid, "NOTIFY_SOCKET=\(path) is longer than a socket address holds (\(capacity) bytes)")
        }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: bytes) }
        length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + (abstract ? 0 : 1))
    }

    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
