import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// HTTP over a bare TCP socket, for what a client library would hide: malformed
/// requests, requests sent slowly, and what the daemon answers and whether it closes.
///
/// Its reads block, so they run on a Dispatch thread: blocking one of the few threads
/// of Swift's cooperative pool would starve the daemon under test, which runs there too.
final class RawHTTP: @unchecked Sendable {
    struct Answer {
        var status: Int
        var head: String
        var body: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var open = true
    /// Bytes read past the last answer's head: the first WebSocket frames after a 101.
    private var leftover: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout`. The default is a
    /// deadline for a daemon that never answers, not a speed: the whole test suite shares
    /// two cores, and on a loaded machine (load 6) a daemon's first answer has taken over 5 s.
    init(port: Int, timeout: Duration = .seconds(15), receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        disconnect()
    }

    /// Closes the connection from the client's side.
    func disconnect() {
        guard open else { return }
        open = false
        close(descriptor)
    }

    /// Sends `text` as it is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: \(errno)") }
    }

    /// Sends `bytes` as they are.
    func send(bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: \(errno)") }
    }

    /// Every byte the server sends until it closes the connection (`closed`), or
    /// until the read times out or `enough` holds for what was read.
    func readUntilClosed(enough: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }) async -> (bytes: [UInt8], closed: Bool) {
        (try? await Self.offload { self.blockingReadUntilClosed(enough: enough) }) ?? ([], false)
    }

    private func blockingReadUntilClosed(enough: ([UInt8]) -> Bool) -> (bytes: [UInt8], closed: Bool) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !enough(data) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (data, true) }
            if count < 0 { return (data, errno == ECONNRESET) }
            data += buffer[0..<count]
        }
        return (data, false)
    }

    /// Reads until the daemon closes the connection, the read times out, or an answer
    /// is complete (its `Content-Length` read, or a 101's head).
    func answer() async throws -> Answer {
        try await Self.offload { try self.blockingAnswer() }
    }

    private func blockingAnswer() throws -> Answer {
        var data = leftover
        leftover = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !isComplete(data) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "no answer in time (read \(data.count) bytes)") }
            data += buffer[0..<count]
        }
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        if head.hasPrefix("HTTP/1.1 101"), let end = Self.headEnd(in: data) {
            leftover = Array(data[end...])
            return Answer(status: 101, head: head, body: "")
        }
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Answer(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// Whether the daemon closes the connection within the read timeout, reading
    /// (and dropping) whatever it sends first.
    func closesConnection() async -> Bool {
        (try? await Self.offload { self.blockingClosesConnection() }) ?? false
    }

    private func blockingClosesConnection() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// After a 101, reads WebSocket frames until the daemon's close frame or the end
    /// of the connection: the text messages and the close code.
    func readStreamUntilClosed() async -> (messages: [String], closeCode: UInt16?) {
        (try? await Self.offload { self.blockingReadFrames(untilFirstMessage: false) }) ?? ([], nil)
    }

    /// After a 101, reads WebSocket frames until the first text message, and returns it.
    func readMessage() async -> String? {
        (try? await Self.offload { self.blockingReadFrames(untilFirstMessage: true) })?.messages.first
    }

    private func blockingReadFrames(untilFirstMessage: Bool) -> (messages: [String], closeCode: UInt16?) {
        var data = leftover
        leftover = []
        defer { leftover = data }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var messages: [String] = []
        while true {
            while let (opcode, payload, used) = Self.frame(in: data) {
                data.removeFirst(used)
                if opcode == 0x1 {
                    messages.append(String(decoding: payload, as: UTF8.self))
                    if untilFirstMessage { return (messages, nil) }
                }
                if opcode == 0x8 {
                    let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
                    return (messages, code)
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return (messages, nil) }
            data += buffer[0..<count]
        }
    }

    /// Where the head ends in `data`: the index after its blank line.
    private static func headEnd(in data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        for index in 3..<data.count where data[index - 3...index] == [13, 10, 13, 10] {
            return index + 1
        }
        return nil
    }

    /// The first whole unmasked frame in `data`: its opcode, payload and length in bytes.
    private static func frame(in data: [UInt8]) -> (UInt8, [UInt8], Int)? {
        guard data.count >= 2 else { return nil }
        var length = Int(data[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard data.count >= 4 else { return nil }
            length = Int(data[2]) << 8 | Int(data[3])
            offset = 4
        } else if length == 127 {
            guard data.count >= 10 else { return nil }
            length = data[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard data.count >= offset + length else { return nil }
        return (data[0] & 0x0F, Array(data[offset..<(offset + length)]), offset + length)
    }

    private func isComplete(_ data: [UInt8]) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        if head.hasPrefix("http/1.1 101") { return true }
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }

    /// Connects, sends `request`, and returns the answer.
    static func exchange(port: Int, _ request: String, timeout: Duration = .seconds(15)) async throws -> Answer {
        let connection = try RawHTTP(port: port, timeout: timeout)
        try connection.send(request)
        return try await connection.answer()
    }

    private static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A WebSocket upgrade request for `path`, with a bearer `token` if given, and `headers`.
    static func upgradeRequest(
        port: Int, token: String?, path: String = "/v1/events", headers: [(String, String)] = []
    ) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "")
            + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
    }
}
