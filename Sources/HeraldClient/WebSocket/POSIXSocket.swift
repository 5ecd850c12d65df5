#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A blocking TCP socket: the transport under ``WebSocketConnection``. Its
/// calls block, so they run on the connection's own thread, never on the
/// concurrency pool.
struct POSIXSocket: Sendable {
    /// Why a socket call failed: the call and its `errno`.
    struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        var call: String
        var code: Int32

        /// Whether nothing listens at the address (or the host is unknown).
        var isConnectionRefused: Bool { code == ECONNREFUSED || code == ENOENT }

        var description: String {
            call == "getaddrinfo" ? "cannot resolve the host" : "\(call): \(String(cString: strerror(code)))"
        }
    }

    let descriptor: Int32

    /// Connects to `host:port`, trying each of its addresses in turn.
    static func connect(host: String, port: Int) throws(Failure) -> POSIXSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Failure(call: "getaddrinfo", code: ENOENT)
        }
        defer { freeaddrinfo(first) }
        var lastError = ECONNREFUSED
        for address in sequence(first: first, next: { $0.pointee.ai_next }) {
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = errno; continue }
            if systemConnect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return POSIXSocket(descriptor: descriptor)
            }
            lastError = errno
            systemClose(descriptor)
        }
        throw Failure(call: "connect", code: lastError)
    }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Self.systemSend(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "send", code: errno)
            }
            offset += written
        }
    }

    /// Reads what has arrived, up to `capacity` bytes, waiting for at least one;
    /// empty at the end of the stream.
    func receive(capacity: Int = 65_536) throws(Failure) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if errno != EINTR { throw Failure(call: "recv", code: errno) }
        }
    }

    /// Makes `receive` fail with `EAGAIN` after `seconds` without data; 0 waits forever.
    func setReceiveTimeout(seconds: Int) {
        var value = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Ends both directions, which wakes a blocked `receive` with the end of the stream.
    func shutdown() {
        _ = systemShutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Releases the descriptor; call once, after the reading thread is done with it.
    func close() {
        systemClose(descriptor)
    }
}

extension POSIXSocket {
    #if canImport(Darwin)
    fileprivate static let streamType = SOCK_STREAM
    fileprivate static func systemSend(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Darwin.send(socket, bytes, count, 0)
    }
    #else
    fileprivate static let streamType = Int32(SOCK_STREAM.rawValue)
    /// `MSG_NOSIGNAL`: a peer that went away is an `EPIPE` error, not a `SIGPIPE` that kills the process.
    fileprivate static func systemSend(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
    }
    #endif
}

private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(socket, address, length)
}

private func systemShutdown(_ socket: Int32, _ how: Int32) -> Int32 {
    shutdown(socket, how)
}

private func systemClose(_ socket: Int32) {
    _ = close(socket)
}
