#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Random bits for identifiers, read from the kernel's generator 4 KiB at a
/// time: a burst of deliveries made two `getrandom` calls each, 5% of its time.
///
/// Every byte is handed out once. They are the kernel's cryptographic bytes
/// (`/dev/urandom`, the source `getrandom` reads), as with
/// `SystemRandomNumberGenerator`; only the system calls are fewer. Without the
/// device (a chroot without `/dev`) the standard library's generator fills the
/// block instead.
enum RandomPool {
    private static let size = 4_096
    private static let pool = Mutex(Buffer())

    /// Eight random bytes.
    static func next() -> UInt64 {
        pool.withLock { buffer in
            if buffer.offset == size { buffer.refill() }
            defer { buffer.offset += 8 }
            return buffer.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: buffer.offset, as: UInt64.self) }
        }
    }

    private struct Buffer {
        var bytes = [UInt8](repeating: 0, count: RandomPool.size)
        /// Where the next unused bytes start; `size` when all are used.
        var offset = RandomPool.size

        /// `/dev/urandom`, opened at the first refill; -1 if it cannot be.
        var device: Int32?

        mutating func refill() {
            var filled = 0
            #if canImport(Glibc)
            if device == nil { device = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
            if let device, device >= 0 {
                filled = bytes.withUnsafeMutableBytes { bytes in
                    var filled = 0
                    while filled < bytes.count {
                        let count = read(device, bytes.baseAddress! + filled, bytes.count - filled)
                        if count < 0, errno == EINTR { continue }
                        guard count > 0 else { break }
                        filled += count
                    }
                    return filled
                }
            }
            #endif
            if filled < bytes.count {
                var generator = SystemRandomNumberGenerator()
                bytes.withUnsafeMutableBytes { bytes in
                    for start in stride(from: filled & ~7, to: bytes.count, by: 8) {
                        bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: start, as: UInt64.self)
                    }
                }
            }
            offset = 0
        }
    }
}
