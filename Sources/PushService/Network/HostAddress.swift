import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Host names and addresses as the daemon and the push service read them.
package enum HostAddress {
    /// Whether `host` is a loopback address: `localhost`, `::1` or an IPv4 address
    /// of `127.0.0.0/8` (not a name that merely starts with `127.`).
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        guard let address = bytes(host) else { return false }
        return address.count == 4 ? address[0] == 127 : address == Array(repeating: 0, count: 15) + [1]
    }

    /// `host`'s bytes when it is an IPv4 (4 bytes) or IPv6 (16) address, brackets allowed.
    package static func bytes(_ host: String) -> [UInt8]? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
