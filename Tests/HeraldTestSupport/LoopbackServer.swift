import Crypto
import Foundation
import Synchronization

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A TCP server on 127.0.0.1 with a port of its own, for tests of the client:
/// each accepted connection runs `handler` on its own thread.
public final class LoopbackServer: Sendable {
    public let port: Int
    private let descriptor: Int32
    private let handler: @Sendable (ServerConnection) -> Void

    public init(handler: @escaping @Sendable (ServerConnection) -> Void) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting connections.
    public func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else {
                _ = close(descriptor)
                return
            }
            let served = ServerConnection(descriptor: connection)
            Thread { [handler] in
                handler(served)
                served.close()
            }.start()
        }
    }
}

/// One accepted connection, read and written by its handler.
public final class ServerConnection: Sendable {
    public let descriptor: Int32
    private let pending = Mutex<[UInt8]>([])

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    public func close() {
        _ = Glibc.close(descriptor)
    }

    /// Reads `count` bytes, or fewer at the end of the stream.
    public func read(_ count: Int) -> [UInt8] {
        while pending.withLock({ $0.count }) < count {
            guard let bytes = receive() else { break }
            pending.withLock { $0 += bytes }
        }
        return pending.withLock { buffer in
            let taken = Array(buffer.prefix(count))
            buffer.removeFirst(taken.count)
            return taken
        }
    }

    /// Reads an HTTP request head: the request line and the headers (names in lower case).
    public func readHead() -> (line: String, headers: [String: String])? {
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let byte = read(1)
            guard !byte.isEmpty else { return nil }
            head += byte
        }
        let lines = String(decoding: head.dropLast(4), as: UTF8.self).components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (lines[0], headers)
    }

    /// Reads one client frame and unmasks it: (fin, opcode, payload, was masked).
    public func readFrame() -> (fin: Bool, opcode: UInt8, payload: [UInt8], masked: Bool)? {
        let start = read(2)
        guard start.count == 2 else { return nil }
        var length = Int(start[1] & 0x7F)
        if length == 126 { length = read(2).reduce(0) { $0 << 8 | Int($1) } }
        if length == 127 { length = read(8).reduce(0) { $0 << 8 | Int($1) } }
        let masked = start[1] & 0x80 != 0
        let key = masked ? read(4) : [0, 0, 0, 0]
        let payload = read(length).enumerated().map { $0.element ^ key[$0.offset % 4] }
        return (start[0] & 0x80 != 0, start[0] & 0x0F, payload, masked)
    }

    private func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer.prefix(count)) : nil
    }
}

extension ServerConnection {
    /// Answers a WebSocket opening handshake whose head was read, as RFC 6455 says.
    public func acceptWebSocket(key: String) {
        let digest = Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        write(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(Data(digest).base64EncodedString())\r\n\r\n")
    }

    /// Writes one server frame (unmasked, as RFC 6455 has servers send them).
    public func writeFrame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true) {
        var head: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126: head.append(UInt8(payload.count))
        case ...0xFFFF: head += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: head += [127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        write(head + payload)
    }

    /// Writes a text frame.
    public func writeText(_ text: String) {
        writeFrame(opcode: 0x1, Array(text.utf8))
    }

    /// Writes a close frame with this status code.
    public func writeClose(_ code: UInt16, reason: String = "") {
        writeFrame(opcode: 0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }
}
