#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A port of 127.0.0.1 where nothing answers, for as long as the value lives: a socket
/// bound to it that never listens, so no other test's server can take the port meanwhile
/// (a port freed by stopping a server could be handed to the next one bound).
public final class RefusingPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
