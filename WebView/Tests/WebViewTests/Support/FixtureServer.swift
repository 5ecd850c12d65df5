import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The fixture site (`WebView/Fixtures/site`) served over HTTP on 127.0.0.1, on a port the
/// kernel picks, so the tests never touch the internet.
///
/// Besides the files, `/slow.html` sends its head and the start of its body and then holds
/// the connection open for 30 s (a load that stays in progress), and `/redirect?to=PATH`
/// answers 302. Every request's path is recorded.
final class FixtureServer: Sendable {
    static let siteDirectory = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fixtures/site")

    /// The server every test shares; started on first use.
    static let shared: FixtureServer = {
        do { return try FixtureServer().start() } catch { fatalError("the fixture server could not start: \(error)") }
    }()

    let port: UInt16
    private let socket: Int32
    private let requests = Mutex<[String]>([])

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 64) == 0
                    && getsockname(fd, pointer, &length) == 0
            }
        }
        socket = fd
        guard bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        port = UInt16(bigEndian: address.sin_port)
    }

    private func start() -> Self {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "fixture-server"
        thread.start()
        return self
    }

    /// The URL of `path` on this server (`"/index.html"`).
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// A URL on 127.0.0.1 whose port had a listener a moment ago and has none now: loads
    /// from it are refused.
    static func closedPortURL() throws -> URL {
        let server = try FixtureServer()
        close(server.socket)
        return server.url("/nothing-listens-here")
    }

    /// The paths requested so far, in order.
    var requestedPaths: [String] { requests.withLock { $0 } }

    private func acceptLoop() {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let path = readRequestPath(client) else { return }
        requests.withLock { $0.append(path) }
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        switch route {
        case "/slow.html":
            send(client, head: "200 OK", type: "text/html", length: nil)
            // More than the 512 bytes WebKit's content sniffer waits for, so the page commits.
            write(client, "<!DOCTYPE html><html><head><title>Slow page</title></head><body><p>Loading slowly"
                + String(repeating: " ", count: 2048))
            var byte: UInt8 = 0
            var poll = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            _ = Glibc.poll(&poll, 1, 30_000)
            _ = recv(client, &byte, 1, 0)
        case "/redirect":
            let target = URLComponents(string: path)?.queryItems?.first { $0.name == "to" }?.value ?? "/"
            send(client, head: "302 Found", type: "text/plain", length: 0, extra: "Location: \(target)\r\n")
        default:
            let file = Self.siteDirectory.appending(path: route == "/" ? "index.html" : String(route.dropFirst()))
            guard !route.contains(".."), let body = try? Data(contentsOf: file) else {
                let body = "<!DOCTYPE html><title>Not found</title><p>No \(route) here."
                send(client, head: "404 Not Found", type: "text/html", length: body.utf8.count)
                write(client, body)
                return
            }
            send(client, head: "200 OK", type: Self.type(of: route), length: body.count)
            body.withUnsafeBytes { _ = Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    private func readRequestPath(_ client: Int32) -> String? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.contains(Data("\r\n\r\n".utf8)) {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[..<count])
        }
        let requestLine = String(decoding: data, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    private func send(_ client: Int32, head: String, type: String, length: Int?, extra: String = "") {
        var text = "HTTP/1.1 \(head)\r\nContent-Type: \(type)\r\nConnection: close\r\nCache-Control: no-store\r\n\(extra)"
        if let length { text += "Content-Length: \(length)\r\n" }
        write(client, text + "\r\n")
    }

    private func write(_ client: Int32, _ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private static func type(of path: String) -> String {
        if path.hasSuffix(".css") { return "text/css" }
        if path.hasSuffix(".js") { return "text/javascript" }
        return "text/html; charset=utf-8"
    }
}
